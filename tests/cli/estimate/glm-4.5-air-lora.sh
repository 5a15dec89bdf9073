# GLM-4.5-Air read as itself (glm4_moe): GQA attention with q/k/v biases,
# layer 0 dense, 45 layers of 128 experts (8 per token) and 1 shared. LoRA
# r 8 on every linear: 45 MoE layers of q_proj 8 x (4096 + 12288), k_proj
# and v_proj 8 x (4096 + 1024), o_proj 8 x (12288 + 4096), 128 experts of
# 3 x 8 x (4096 + 1408) and shared_experts 3 x 8 x (4096 + 1408)
# (17,384,448 a layer; the router, Glm4MoeTopkRouter, is no nn.Linear and
# gets none), and layer 0's attention with its dense MLP 3 x 8 x (4096 +
# 10944) (705,024): 783,005,184 trainable. 106,852,245,504 base
# parameters (test_model.c: the Hub's total less the MTP layer).
"$VRAMPLAN" estimate --model tests/data/configs/glm-4.5-air.json --gpu h200 --method qlora \
	--lora-targets all-linear --precision bf16 --batch 1 --seq-len 1024 --grad-ckpt
