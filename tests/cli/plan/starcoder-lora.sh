# StarCoderBase-1B (GPT-BigCode, multi-query attention) with LoRA on its
# fused c_attn (PEFT's default for gpt_bigcode) and checkpointing, on a
# 24 GB card at 2048 tokens of code: the one key/value head is copied to
# all 16 query heads before SDPA (repeat_kv), and the 49,152-token logits
# are upcast to fp32 for the loss.
"$VRAMPLAN" --model starcoderbase-1b --gpu rtx4090 --method lora --seq-len 2048 --grad-ckpt
