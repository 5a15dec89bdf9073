# ERNIE-4.5-21B-A3B read as itself (ernie4_5_moe): Llama's GQA attention,
# layer 0 dense (moe_layer_start_index 1), 27 layers of 64 experts (6 per
# token) and 2 shared. LoRA r 8 on every linear: 27 MoE layers of q_proj
# and o_proj 8 x (2560 + 2560), k_proj and v_proj 8 x (2560 + 512), the
# router mlp.gate, an fp32 nn.Linear PEFT reaches, 8 x (2560 + 64), 64
# experts of 3 x 8 x (2560 + 1536) and shared_experts 3 x 8 x (2560 + 3072)
# (6,578,688 a layer), and layer 0's attention with its dense MLP
# 3 x 8 x (2560 + 12288) (487,424): 178,112,000 trainable. 21,825,437,888
# base parameters, the Hub's safetensors total (test_hfconfig.c).
"$VRAMPLAN" estimate --model tests/data/configs/ernie-4.5-21b-a3b.json --gpu h200 --method qlora \
	--lora-targets all-linear --precision bf16 --batch 1 --seq-len 1024 --grad-ckpt
