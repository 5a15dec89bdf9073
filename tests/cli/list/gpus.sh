"$VRAMPLAN" list gpus
