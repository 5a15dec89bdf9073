"$VRAMPLAN" --model tests/data/cli --gpu rtx3090
