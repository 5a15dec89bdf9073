# ERNIE 4.5's causal LM is MixtralForCausalLM's (modular_ernie4_5_moe.py):
# with --router-aux-loss it adds the load-balancing loss over the 27 MoE
# layers' fp32 router logits, where DeepSeek's and GLM-4.5's (Llama's
# forward) drop it with a warning; ERNIE's is counted and not warned about.
"$VRAMPLAN" estimate --model tests/data/configs/ernie-4.5-21b-a3b.json --gpu h200 --method lora \
	--batch 1 --seq-len 512 --router-aux-loss 2>&1 | grep -E "^# setup|warning"
