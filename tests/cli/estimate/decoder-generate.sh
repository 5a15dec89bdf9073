# A decoder-only model's generation (llama-3.2-1b): the prompt's prefill
# builds the cache over batch x beams rows, then max_new_tokens more. Pure
# inference with --method frozen, and inside LoRA training (the optimizer
# states resident, the loss forward that Trainer runs beside it); --explain
# gives the eval block too, and with frozen its headroom is the generation's.
"$VRAMPLAN" estimate --model llama-3.2-1b --gpu rtx3080 --method frozen --precision bf16 --seq-len 512 \
	--generate --max-new-tokens 128 --batch 16
"$VRAMPLAN" estimate --model llama-3.2-1b --gpu rtx4090 --method lora --seq-len 512 --generate \
	--max-new-tokens 128 --batch 8 -q | grep -E '^# eval|^#   \(|^eval_'
NO_COLOR=1 "$VRAMPLAN" estimate --model llama-3.2-1b --gpu rtx3080 --method frozen --precision bf16 --seq-len 512 \
	--generate --max-new-tokens 128 --batch 16 --explain 2>&1 >/dev/null | sed -n '/^eval batch/,$p'
