"$VRAMPLAN" --model mt5 --gpu rtx3090 --host-ram 60
