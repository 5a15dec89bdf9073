# hidden_size 1e999, which cJSON reads as infinity.
timeout 60 "$VRAMPLAN" --model tests/data/hostile/hidden-1e999.json --gpu rtx3090
