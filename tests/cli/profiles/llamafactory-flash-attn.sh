# LLaMA-Factory's flash_attn (model_utils/attention.py
# configure_attn_implementation): "auto" leaves transformers its choice,
# SDPA where the model has it and eager where not, so the plan's SDPA is
# printed as auto; mT5's plan is eager by default (its only path before
# huggingface/transformers#47014), printed as disabled, which every
# release runs; Gemma 2 is the exception, whose "auto" LLaMA-Factory turns
# into FlashAttention-2 or eager, so SDPA is asked for by name; eager and
# FlashAttention-2 by their names.
for m in llama-3.2-1b mt5 gemma-2-2b; do
	printf '%s: ' "$m"
	"$VRAMPLAN" --model "$m" --gpu a100-80gb --method lora --profile llamafactory 2>/dev/null | grep '^flash_attn:'
done
printf 'eager: '
"$VRAMPLAN" --model llama-3.2-1b --gpu a100-80gb --method lora --attn eager --profile llamafactory 2>/dev/null |
	grep '^flash_attn:'
printf 'flash2: '
"$VRAMPLAN" --model llama-3.2-1b --gpu a100-80gb --method lora --attn flash2 --profile llamafactory 2>/dev/null |
	grep '^flash_attn:'
