# OLMoE-1B-7B read as itself (64 experts, 8 per token, q/k norms over the
# whole projections), LoRA on every linear, experts included, in bf16
"$VRAMPLAN" estimate --model tests/data/configs/olmoe-1b-7b-0924.json --gpu a100-80gb --method lora \
	--lora-targets all-linear --precision bf16 --batch 4 --seq-len 1024 --grad-ckpt
