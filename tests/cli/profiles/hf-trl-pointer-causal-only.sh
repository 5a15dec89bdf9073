# The hf profile's notes point to --profile trl, which prints the keys
# TrainingArguments lacks (attention, packing, activation offload, LoRA),
# only for a causal LM: `trl sft` trains nothing else and --profile trl
# refuses another head. Until 2026-12-01 a BERT masked-lm plan under
# FlashAttention-2 (the BERT family's since transformers v4.54) was sent
# there in all four notes.
for h in masked-lm causal-lm; do
	m=bert-base
	[ $h = causal-lm ] && m=llama-3.2-1b
	echo "$h: $("$VRAMPLAN" --model $m --gpu a100-80gb --attn flash2 --head $h --profile hf --packed \
		--method lora --activation-offload --seq-len 512 | grep -c "profile trl prints")"
done
