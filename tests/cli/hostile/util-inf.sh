# Infinity as a fraction.
timeout 60 "$VRAMPLAN" --model mt5 --gpu rtx3090 --util inf
