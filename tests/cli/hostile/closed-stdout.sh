# stdout closed: the plan cannot be written.
timeout 60 "$VRAMPLAN" --model mt5 --gpu rtx3090 >&-
