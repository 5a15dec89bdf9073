# Zero GPUs.
timeout 60 "$VRAMPLAN" --model mt5 --gpu rtx3090 --gpus 0
