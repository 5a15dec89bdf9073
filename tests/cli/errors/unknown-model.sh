"$VRAMPLAN" --model mt6 --gpu rtx3090
