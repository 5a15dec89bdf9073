# A dropout probability must lie in [0, 1].
"$VRAMPLAN" --model llama-3.2-1b --gpu rtx4090 --method lora --lora-dropout 1.5
