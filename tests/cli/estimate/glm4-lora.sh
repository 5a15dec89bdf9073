# GLM-4-9B-0414 read as itself (four norms per block, fused gate_up_proj,
# half-rotary heads), LoRA on all linears with checkpointing
"$VRAMPLAN" estimate --model tests/data/configs/glm-4-9b-0414.json --gpu a100-80gb --method lora \
	--lora-targets all-linear --batch 2 --seq-len 2048 --grad-ckpt
