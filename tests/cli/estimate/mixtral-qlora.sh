# A mixture of experts (Mixtral 8x7B, 8 experts, 2 per token) with QLoRA on
# every linear, experts included: every expert's 4-bit weights and adapters,
# each token's activations through two experts (docs/memory-model.md
# "Mixtures of experts").
"$VRAMPLAN" estimate --model tests/data/configs/mixtral-8x7b-v0.1.json --gpu a100-80gb --method qlora \
	--precision bf16 --batch 1 --seq-len 1024 --grad-ckpt --lora-targets all-linear
