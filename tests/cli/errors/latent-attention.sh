# A dense model with multi-head latent attention under a model_type vramplan
# does not model (openbmb/MiniCPM3-4B: Llama's shape keys, RMSNorm and SiLU
# beside kv_lora_rank and q_lora_rank) is refused, at the key, not read as a
# Llama: that reading counts 4.86B parameters for the model's 4.07B. The
# config: tests/data/hfconfig/bad/README.md.
"$VRAMPLAN" estimate --model tests/data/hfconfig/bad/minicpm3-4b.json --gpu a100-80gb --batch 1
