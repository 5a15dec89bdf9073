# A negative fraction.
timeout 60 "$VRAMPLAN" --model mt5 --gpu rtx3090 --util -0.5
