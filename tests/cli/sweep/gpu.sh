"$VRAMPLAN" sweep --gpu rtx3090 --seq-len 256
