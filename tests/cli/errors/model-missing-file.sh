"$VRAMPLAN" --model tests/data/cli/no-such-model/config.json --gpu rtx3090
