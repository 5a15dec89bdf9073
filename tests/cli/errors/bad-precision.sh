"$VRAMPLAN" --model mt5 --gpu rtx3090 --precision fp8
