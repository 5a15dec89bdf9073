# --seq-len max at batch 2^20: not one token fits, so the estimate is at one
# token and says by how much it does not fit (no search past the overflow)
timeout 60 "$VRAMPLAN" estimate --model mt5 --gpu rtx3090 --batch 1048576 --seq-len max
