"$VRAMPLAN" --model tests/data/cli/broken-config.json --gpu rtx3090
