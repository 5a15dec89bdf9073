# -o names a directory.
timeout 60 "$VRAMPLAN" --model mt5 --gpu rtx3090 -o tests/data/hostile
