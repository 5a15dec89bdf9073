# At the longest sequence the eval batch is 1, and the host RAM line counts
# one sample's predictions: "one move's 1 sample" (it said "1 samples"
# until 2026-11-29)
"$VRAMPLAN" --model llama-3.2-3b --gpu rtx3090 --method qlora --lora-r 16 --lora-targets all-linear --precision fp32 \
	--grad-ckpt --seq-len max -q | grep -E '^# (eval batch|host RAM during evaluation)'
