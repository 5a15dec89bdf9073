# Bytes 0xff 0xfe inside a string.
timeout 60 "$VRAMPLAN" --model mt5 --gpu rtx3090 --catalog tests/data/hostile/invalid-utf8.yaml
