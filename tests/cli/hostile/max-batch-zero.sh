# No batch allowed.
timeout 60 "$VRAMPLAN" --model mt5 --gpu rtx3090 --max-batch 0
