"$VRAMPLAN" --model mt5 --gpu rtx9090
