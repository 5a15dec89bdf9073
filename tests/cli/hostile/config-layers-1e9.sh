# A billion layers.
timeout 60 "$VRAMPLAN" --model tests/data/hostile/layers-huge.json --gpu rtx3090
