# Seed-OSS-36B read as itself (models/seed_oss/modular_seed_oss.py), not as a
# warned-about Llama: no bias on o_proj (attention_out_bias false) and
# residual_dropout 0.1 on the attention's and the MLP's outputs, two dropout
# masks a layer that the Llama reading left out (activations 46.04 GiB here
# before, 46.67 now: 64 x 2 x 1024 x 5120 bytes = 0.63 GiB more). QLoRA on all
# linears, as a 36B is tuned on one GPU.
"$VRAMPLAN" estimate --model tests/data/configs/seed-oss-36b-instruct.json --gpu h100 --method qlora \
	--lora-targets all-linear --batch 1 --seq-len 1024
