# A multi-GPU plan under each trainer profile carries its ZeRO or FSDP keys
# (hf and llamafactory: deepspeed: as a mapping with "auto", fsdp: the
# option string; axolotl: the same deepspeed: mapping, fsdp_version 2 and
# fsdp_config); `vramplan check` reads them back as the same setup, at the
# same train batch and peak, with no key ignored (the deepspeed profile: the
# engine's 16-bit weights, as check reads bf16.enabled); ZeRO-Offload's
# sections too (docs/memory-model.md "ZeRO-Offload"), read back as offloaded;
# an offloaded AdamW as DeepSpeed's optimizer section ("auto" params), any
# other optimizer as the Trainer's with zero_force_ds_cpu_optimizer: false
# (DeepSpeed refuses the Trainer's optimizer under offload without either:
# engine.py _configure_optimizer), both read with no key ignored
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for p in hf axolotl llamafactory deepspeed; do
	for how in "--zero 2" "--zero 3" "--fsdp" "--zero 3 --offload-optimizer cpu --offload-param cpu" "--zero 2 --offload-optimizer cpu --optimizer adamw-8bit"; do
		# a DeepSpeed config shards with ZeRO only
		if [ $p = deepspeed ] && [ "$how" = --fsdp ]; then continue; fi
		# shellcheck disable=SC2086
		"$VRAMPLAN" --model llama-3.2-1b --gpu a100-40gb --seq-len 512 --gpus 4 $how --profile $p >"$d/c.yaml"
		printf 'vramplan:\n  gpus: 4\n' >>"$d/c.yaml"
		# hf states no length key of its own (check takes TRL's max_length)
		if [ $p = hf ]; then echo "max_length: 512" >>"$d/c.yaml"; fi
		# shellcheck disable=SC2086
		plan=$("$VRAMPLAN" --model llama-3.2-1b --gpu a100-40gb --seq-len 512 --gpus 4 $how --profile $p |
			grep "^# train batch" | sed 's/: device peak \([0-9.]* GiB\).*/ \1/; s/# //')
		check=$("$VRAMPLAN" check "$d/c.yaml" --model llama-3.2-1b --gpu a100-40gb 2>"$d/err" |
			sed 's/.*: \(train batch [0-9]*\) peak \([0-9.]* GiB\).*/\1 \2/')
		setup=$(grep -o "ZeRO stage [0-9]\(, [a-z]* offloaded to CPU\)*\|FSDP full shard" "$d/err" | head -1)
		ignored=$(grep -c "ignored" "$d/err")
		echo "$p $how: plan $plan | check $check ($setup, $ignored ignored)"
	done
done
# the deepspeed profile without ZeRO would be DeepSpeed's 16-bit optimizer
# wrappers, which vramplan does not model: refused, as check refuses them
"$VRAMPLAN" --model llama-3.2-1b --gpu a100-40gb --profile deepspeed
echo "exit $?"
# axolotl double-quantizes a 4-bit base: its QLoRA plan is nf4-dq's, as check reads it
"$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 --method qlora --profile axolotl | grep "^# setup"
