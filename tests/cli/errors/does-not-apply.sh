"$VRAMPLAN" list models --seq-len 512
