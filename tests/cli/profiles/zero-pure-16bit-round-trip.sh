# A plan of pure 16-bit weights (--precision bf16 or fp16) under ZeRO: the
# hf and trl profiles set the Trainer's bf16/fp16 flag, which fills the
# deepspeed mapping's "auto" (HfTrainerDeepSpeedConfig.trainer_config_
# process), so DeepSpeed's engine runs the model in 16 bit, and check reads
# the plan back at the same batch and peak. Until 2026-11-30 hf printed
# `bf16: false` there (the non-DeepSpeed rule: load the model in bf16 and
# leave autocast off), which runs DeepSpeed in fp32: check read Qwen2.5-7B's
# plan back 6 GiB higher.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for p in hf trl; do
	for prec in bf16 fp16; do
		"$VRAMPLAN" --model qwen2.5-0.5b --gpu a100-40gb --seq-len 512 --gpus 2 --zero 3 --precision $prec \
			--profile $p >"$d/c.yaml"
		printf 'vramplan:\n  gpus: 2\n' >>"$d/c.yaml"
		if [ $p = hf ]; then echo "max_length: 512" >>"$d/c.yaml"; fi
		plan=$(grep "^# train batch" "$d/c.yaml" | sed 's/: device peak \([0-9.]* GiB\).*/ \1/; s/# //')
		flags=$(grep "^bf16:\|^fp16:" "$d/c.yaml" | tr '\n' ' ')
		check=$("$VRAMPLAN" check "$d/c.yaml" --model qwen2.5-0.5b --gpu a100-40gb 2>/dev/null |
			sed 's/.*: \(train batch [0-9]*\) peak \([0-9.]* GiB\).*/\1 \2/')
		echo "$p $prec: $flags| plan $plan | check $check"
	done
done
