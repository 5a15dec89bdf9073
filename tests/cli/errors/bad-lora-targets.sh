"$VRAMPLAN" --model mt5 --gpu rtx3090 --method lora --lora-targets q,,v
