# A bare NaN, which JSON does not have.
timeout 60 "$VRAMPLAN" --model tests/data/hostile/hidden-nan.json --gpu rtx3090
