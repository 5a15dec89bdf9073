# LoRA over a checkpoint stored in 4 bit runs as QLoRA over that base
"$VRAMPLAN" check tests/data/check/stored-quantized-peft.yaml --gpu rtx4090 -v
