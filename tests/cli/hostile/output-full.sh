# -o names a full device.
timeout 60 "$VRAMPLAN" --model mt5 --gpu rtx3090 -o /dev/full
