# The 16-bit alternative a plan under autocast offers, the comment's
# "(--precision bf16): train batch N" and the "--precision bf16" change
# listed when nothing fits, is what that option plans in the same profile.
# Under the hf profile the option's keys say bf16: false, a step without
# autocast; until 2026-11-30 the alternative was estimated with autocast
# assumed, so a change listed as fitting failed when given back, and the
# comment's batch was not the option's.
# Llama 3.1 8B LoRA at 2,048 tokens on an A100 40GB: the change is listed
# at the 32.04 GiB the plan with it needs, over the budget (before: "31.00
# GiB (fits)", and then nothing fit)
"$VRAMPLAN" --model llama-3.1-8b --gpu a100-40gb --method lora --seq-len 2048 2>&1 >/dev/null | grep -e "--precision"
"$VRAMPLAN" --model llama-3.1-8b --gpu a100-40gb --method lora --seq-len 2048 --precision bf16 2>&1 | grep -E "^# train batch|nothing fits"
# Qwen2.5 3B LoRA on an A100 80GB, with Liger and with the Trainer's label
# smoothing: the comment's batch is the option's (before: 37 and 16 where
# the option plans 34 and 19)
for x in --liger "--label-smoothing 0.1"; do
	# shellcheck disable=SC2086
	"$VRAMPLAN" --model qwen2.5-3b --gpu a100-80gb --method lora $x | grep -o "(--precision bf16): train batch [0-9]*"
	# shellcheck disable=SC2086
	"$VRAMPLAN" --model qwen2.5-3b --gpu a100-80gb --method lora $x --precision bf16 | grep -o "^# train batch [0-9]*"
done
# under the trl profile the option's keys say bf16: true over bf16 weights,
# the Trainer's autocast, and the comment counts that step
"$VRAMPLAN" --model qwen2.5-3b --gpu a100-80gb --method lora --profile trl | grep -o "(--precision bf16): train batch [0-9]*"
"$VRAMPLAN" --model qwen2.5-3b --gpu a100-80gb --method lora --profile trl --precision bf16 | grep -o "^# train batch [0-9]*"
