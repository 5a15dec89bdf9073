# No memory to fill.
timeout 60 "$VRAMPLAN" --model mt5 --gpu rtx3090 --util 0
