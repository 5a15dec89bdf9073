"$VRAMPLAN" sweep --model mt5
