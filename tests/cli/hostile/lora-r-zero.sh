# A LoRA rank of 0.
timeout 60 "$VRAMPLAN" --model mt5 --gpu rtx3090 --method lora --lora-r 0
