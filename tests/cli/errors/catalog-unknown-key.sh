"$VRAMPLAN" --model mt5 --gpu rtx3090 --catalog tests/data/cli/bad-key.yaml
