# Zero tokens.
timeout 60 "$VRAMPLAN" --model mt5 --gpu rtx3090 --seq-len 0
