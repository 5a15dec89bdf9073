# estimate at batch 10^14.
timeout 60 "$VRAMPLAN" estimate --model mt5 --gpu rtx3090 --batch 99999999999999
