"$VRAMPLAN" list
