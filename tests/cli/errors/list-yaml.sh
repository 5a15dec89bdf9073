"$VRAMPLAN" list gpus --format yaml
