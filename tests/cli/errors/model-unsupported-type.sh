"$VRAMPLAN" --model tests/data/cli/unsupported-model-type.json --gpu rtx3090
