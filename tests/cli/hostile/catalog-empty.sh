# An empty catalogue file.
timeout 60 "$VRAMPLAN" --model mt5 --gpu rtx3090 --catalog tests/data/hostile/empty.yaml
