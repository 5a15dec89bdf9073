"$VRAMPLAN" --model mt5 --gpu rtx9090
"$VRAMPLAN" --model mt5 --gpu rtx4060
