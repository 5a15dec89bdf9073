# MPT-7B from the catalogue, LoRA in pure bf16 asking for SDPA: transformers'
# MPT has only eager attention, so the setup line says so and the per-layer
# fp32 probabilities appear as attention scores (docs/memory-model.md
# "Activations"; PEFT's default target for mpt is Wqkv)
"$VRAMPLAN" estimate --model mpt-7b --gpu a100-80gb --method lora --precision bf16 --batch 2 --seq-len 1024 \
	--attn sdpa --grad-ckpt
