"$VRAMPLAN" --model mt5 --gpu rtx3090 --seq-len 12x
