"$VRAMPLAN" estimate --model mt5 --gpu rtx3090
