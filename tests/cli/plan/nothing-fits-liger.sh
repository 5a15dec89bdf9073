# A causal LM that Liger patches is told --liger when nothing fits: its
# fused linear cross-entropy keeps no logits, the margin for a 128k
# vocabulary. Llama 3.1 8B QLoRA at 2048 tokens on an RTX 4060 Ti 16 GB
# needs 14.52 GiB at batch 1 of 12.80; with --liger 11.49. Before, the
# only change said to fit was a sequence half as long.
"$VRAMPLAN" --model llama-3.1-8b --method qlora --grad-ckpt --seq-len 2048 --gpu rtx4060ti-16gb
echo "exit $?"
# given back, it plans
"$VRAMPLAN" --model llama-3.1-8b --method qlora --grad-ckpt --seq-len 2048 --gpu rtx4060ti-16gb --liger 2>/dev/null |
	grep -e '^per_device_train_batch_size' -e '^use_liger_kernel'
# an encoder has no LM logits: no such line
"$VRAMPLAN" --model xlm-roberta-large --gpu rtx3060 --head token-classification --seq-len 512 --util 0.5 2>&1 | grep -c -e '--liger' || true
