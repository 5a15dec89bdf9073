# An empty config.json.
timeout 60 "$VRAMPLAN" --model tests/data/hostile/empty.json --gpu rtx3090
