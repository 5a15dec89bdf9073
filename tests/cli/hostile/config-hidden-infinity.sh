# A bare Infinity, which JSON does not have.
timeout 60 "$VRAMPLAN" --model tests/data/hostile/hidden-infinity.json --gpu rtx3090
