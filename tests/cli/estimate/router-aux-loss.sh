# Qwen3-30B-A3B with LoRA at 4096 tokens: the load-balancing loss
# (--router-aux-loss, output_router_logits: true) builds one_hot expert
# masks over every layer's tokens after the LM loss, which then set the
# forward's peak; a dense model has no router (a warning, same estimate)
"$VRAMPLAN" estimate --model qwen3-30b-a3b --gpu h100 --method lora --precision bf16 --grad-ckpt \
	--batch 1 --seq-len 4096 --router-aux-loss --format json | grep -E '"(router_aux_loss|peak_phase|allocated_bytes|logits_bytes|transient_bytes)"'
"$VRAMPLAN" estimate --model qwen3-30b-a3b --gpu h100 --method lora --precision bf16 --grad-ckpt \
	--batch 1 --seq-len 4096 --format json | grep -E '"(router_aux_loss|peak_phase|allocated_bytes|logits_bytes|transient_bytes)"'
"$VRAMPLAN" estimate --model llama-3.2-3b --gpu h100 --batch 1 --router-aux-loss | head -2
