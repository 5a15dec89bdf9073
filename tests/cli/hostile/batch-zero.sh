# estimate at batch 0.
timeout 60 "$VRAMPLAN" estimate --model mt5 --gpu rtx3090 --batch 0
