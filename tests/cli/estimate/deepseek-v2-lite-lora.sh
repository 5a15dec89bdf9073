# DeepSeek-V2-Lite(-Chat) read as itself: multi-head latent attention, layer
# 0 dense, 26 layers of 64 experts (6 per token) and 2 shared. LoRA r 8 on
# every linear: 26 MoE layers of q_proj 8 x (2048 + 3072), kv_a_proj_with_mqa
# 8 x (2048 + 576), kv_b_proj 8 x (512 + 4096), o_proj 8 x (2048 + 2048),
# the router mlp.gate 8 x (2048 + 64), 64 experts of 3 x 8 x (2048 + 1408)
# and shared_experts 3 x 8 x (2048 + 2816) (5,573,632 a layer), and layer 0's
# attention with its dense MLP 3 x 8 x (2048 + 10944) (443,392): 145,357,824
# trainable. --router-aux-loss is warned about: DeepseekV2ForCausalLM is
# LlamaForCausalLM's and adds no load-balancing loss.
"$VRAMPLAN" estimate --model tests/data/configs/deepseek-v2-lite-chat.json --gpu a100-80gb --method lora \
	--lora-targets all-linear --precision bf16 --batch 2 --seq-len 1024 --grad-ckpt --router-aux-loss
