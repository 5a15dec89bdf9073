"$VRAMPLAN" --model mt5 --gpu rtx3090 --worker-ram 0B
