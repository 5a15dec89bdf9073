# num_hidden_layers -2.
timeout 60 "$VRAMPLAN" --model tests/data/hostile/layers-negative.json --gpu rtx3090
