"$VRAMPLAN" --model mt5
