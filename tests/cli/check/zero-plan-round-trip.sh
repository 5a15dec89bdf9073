# A plan under DeepSpeed ZeRO (the deepspeed profile's config, an hf
# config's inline deepspeed section), read back by check as its notes say
# (the script's length, LoRA, checkpointing and optimizer on the command
# line), is the plan's run: the same batch and peak. Each line gives the
# plan's train batch and peak beside check's. Found by a round trip of drawn
# plans on 2026-11-30: DeepSpeed's engine casts the adapters to 16 bit
# (estimate.c as_deepspeed_runs), which the estimate did for amp-* alone, so a
# config read as bf16 or fp16 (a DeepSpeed config's bf16.enabled; an hf
# config's fp16: true beside the plan's pure fp16) read back 3-25% off; and
# a quantized base, whose amp-* terms the plan kept (the measured Q-LoRA
# ZeRO runs hold them), read back 5-36% under as a 16-bit run: a quantized
# base under ZeRO is now one run, counted with those terms, whatever it is
# named (docs/memory-model.md "ZeRO").
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
rt() {
	gpu=$1 model=$2 hint=$3
	shift 3
	"$VRAMPLAN" --model "$model" --gpu "$gpu" "$@" >"$d/c.yaml" 2>/dev/null || {
		echo "$model $*: plan failed"
		return
	}
	t=$(sed -n 's/^# note: .* weights without autocast: load the model with torch_dtype=torch\.\([a-z0-9]*\).*/\1/p' "$d/c.yaml")
	if [ -n "$t" ]; then echo "torch_dtype: $t" >>"$d/c.yaml"; fi
	o=$(sed -n 's/^# note: .*vramplan check reads with \(--optimizer [a-z0-9-]*\).*/\1/p' "$d/c.yaml")
	plan=$(sed -n 's/^# train batch \([0-9]*\): device peak \([0-9.]*\) GiB.*/\1 \2/p' "$d/c.yaml")
	# shellcheck disable=SC2086
	check=$("$VRAMPLAN" check "$d/c.yaml" --gpu "$gpu" --model "$model" $hint $o -q |
		sed -n 's/.*: train batch \([0-9]*\) peak \([0-9.]*\) GiB.*/\1 \2/p')
	echo "$model $*: plan $plan | check $check"
}
rt h100 phi-2 "--seq-len 128 --method lora" --method lora --seq-len 128 --profile deepspeed --precision amp-bf16 --zero 2
rt a100-40gb bge-m3 "--seq-len 2048 --method lora" --method lora --seq-len 2048 --profile deepspeed --precision amp-fp16 --zero 2
rt t4 llama-3.2-3b "--seq-len 1024 --method lora --gpus 2" --method lora --seq-len 1024 --precision fp16 --gpus 2 --zero 3 \
	--optimizer adamw-8bit
# A DeepSpeed config on its own is the script's loop (deepspeed.initialize,
# engine(batch)), as the deepspeed profile plans it: its forward builds the
# KV cache and the last step's bitsandbytes inputs outlive it (until
# 2026-11-30 check read it as the HF Trainer's, up to 18% below the plan)
rt rtx3090 opt-1.3b "--seq-len 128 --method lora --quant int8" --method lora --seq-len 128 --profile deepspeed \
	--precision bf16 --zero 2 --quant int8
rt rtx3090 llama-3.2-korean-3b "--seq-len 128 --method qlora --lora-r 16 --gpus 2" --method qlora --seq-len 128 \
	--profile deepspeed --precision bf16 --gpus 2 --zero 1 --lora-r 16
