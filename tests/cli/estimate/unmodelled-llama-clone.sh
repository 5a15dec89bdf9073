# A config.json whose model_type vramplan does not model (InternLM) but whose
# keys are a Llama decoder's (RMSNorm, SwiGLU, LlamaConfig's shape keys) is
# estimated as Llama, and stderr says so.
"$VRAMPLAN" estimate --model tests/data/configs/internlm-20b.json --gpu a100-80gb --method lora \
	--lora-targets q_proj,v_proj --precision bf16 --batch 1 --seq-len 2048 --grad-ckpt
