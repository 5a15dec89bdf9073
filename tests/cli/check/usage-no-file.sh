"$VRAMPLAN" check --gpu rtx3090
