"$VRAMPLAN" --model mt5 --gpu
