# A directory without a config.json.
timeout 60 "$VRAMPLAN" --model tests/data/hostile --gpu rtx3090
