# A config.json that is not there.
timeout 60 "$VRAMPLAN" --model tests/data/hostile/missing/config.json --gpu rtx3090
