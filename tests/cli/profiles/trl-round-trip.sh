# --profile trl prints one YAML for `trl sft --config`: TrainingArguments'
# keys with SFTConfig's max_length and ModelConfig's dtype, use_peft,
# lora_* and load_in_4bit, so an adapter run's keys say it (hf's cannot);
# `vramplan check` reads each back as the run planned, at the same train
# and eval batch and peak (prediction_loss_only: `trl sft` has no
# compute_metrics), with no key ignored (a quantized base is planned in
# dtype, TRL's compute dtype; GPU counts are given to check)
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
while read -r gpu gpus args; do
	# shellcheck disable=SC2086
	"$VRAMPLAN" --model llama-3.2-3b --gpu "$gpu" --gpus "$gpus" $args --profile trl -q >"$d/c.yaml"
	plan=$(grep -E "^# (train|eval) batch" "$d/c.yaml" | sed 's/: device peak \([0-9.]* GiB\).*/ \1/; s/# //' |
		paste -sd' ')
	check=$("$VRAMPLAN" check "$d/c.yaml" --model llama-3.2-3b --gpu "$gpu" --gpus "$gpus" 2>"$d/err" |
		sed 's/.*: \(train batch [0-9]*\) peak \([0-9.]* GiB\).*\(eval batch [0-9]*\) peak \([0-9.]* GiB\).*/\1 \2 \3 \4/')
	echo "$gpu x$gpus $args: plan $plan | check $check ($(grep -c ignored "$d/err") ignored)"
done <<'RUNS'
rtx4090 1 --method qlora --lora-r 16 --grad-ckpt
v100-32gb 1 --method qlora --lora-r 16 --grad-ckpt
rtx4090 1 --method lora --lora-targets all-linear --grad-ckpt
rtx4090 1 --method lora --precision bf16
v100-32gb 1 --grad-ckpt --precision bf16 --optimizer adamw-8bit
rtx4090 2 --method qlora --quant nf4-dq --grad-ckpt --zero 2
rtx4090 2 --method lora --grad-ckpt --fsdp
rtx4090 1 --method lora --dora --lora-targets all-linear --grad-ckpt
rtx4090 1 --method qlora --dora --lora-dropout 0 --grad-ckpt
rtx3090 1 --method qlora --precision fp32 --lora-r 16 --lora-targets all-linear --grad-ckpt
RUNS
# the QLoRA keys as printed
"$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 --method qlora --grad-ckpt --profile trl -q |
	grep -E "^(bf16|fp16|dtype|use_peft|load_in_4bit|bnb_4bit_quant_type|use_bnb_nested_quant|max_length|prediction_loss_only):"
# `trl sft` loads AutoModelForCausalLM: a seq2seq model's plan is another script's
"$VRAMPLAN" --model mt5 --gpu a100-80gb --method lora --profile trl
echo "exit $?"
# fp32 throughout (seed 003's QLoRA) is dtype float32 without bf16 or fp16
# (refused until 2026-11-30; read back in the runs above)
"$VRAMPLAN" --model llama-3.2-3b --gpu rtx3090 --method qlora --precision fp32 --profile trl -q |
	grep -E "^(bf16|fp16|dtype|load_in_4bit):"
# a quantized base loads in dtype: amp's fp32 weights under a 16-bit compute dtype cannot be said
"$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 --method qlora --precision amp-bf16 --profile trl
echo "exit $?"
