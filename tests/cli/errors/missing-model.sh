"$VRAMPLAN" --gpu rtx3090
