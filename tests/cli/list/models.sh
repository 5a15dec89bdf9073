"$VRAMPLAN" list models
