# LoRA under bf16 autocast keeps the frozen base in fp32 (the default
# precision): Llama 3.2 3B does not fit a 24 GB card at batch 1 without
# checkpointing, and loading the base in bf16 (--precision bf16) is offered
# among the changes that make it fit
"$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 --method lora
