# LLaMA-Factory's flash_attn "auto" (its default) is transformers' choice,
# SDPA, except for Gemma 2, whose auto LLaMA-Factory turns into
# FlashAttention-2 where it is installed and eager where not
# (model_utils/attention.py configure_attn_implementation): the file cannot
# say which, so check takes eager, the safe side, and says so; sdpa or fa2
# named in the file is read as written, and another model's auto stays SDPA.
cfg='stage: sft
do_train: true
finetuning_type: lora
bf16: true
cutoff_len: 1024
per_device_train_batch_size: 4
'
for m in google/gemma-2-2b meta-llama/Llama-3.2-1B; do
	for fa in "" "flash_attn: auto" "flash_attn: sdpa" "flash_attn: fa2"; do
		printf 'model_name_or_path: %s\n%s%s\n' "$m" "$cfg" "$fa" |
			"$VRAMPLAN" check --gpu a100-80gb - 2>&1 |
			sed -n "s/.*llamafactory config, model \([^,]*\),.* \([a-z0-9]* attention\).*/\1 [${fa:-no flash_attn}]: \2/p; s/.*\(checked at eager\).*/  \1/p"
	done
done
