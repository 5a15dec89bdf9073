# Hunyuan-7B-Instruct read as itself (models/hunyuan_v1_dense/
# modular_hunyuan_v1_dense.py), not as a warned-about Llama: the per-head
# query_layernorm and key_layernorm after rotary, which the Llama reading
# left out (activations 8.27 GiB here before, 8.90 now), and the LM head tied
# as the released config says. LoRA on all linears.
"$VRAMPLAN" estimate --model tests/data/configs/hunyuan-7b-instruct.json --gpu h100 --method lora \
	--lora-targets all-linear --batch 1 --seq-len 1024
