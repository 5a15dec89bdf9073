# A target of 10^12 tokens.
timeout 60 "$VRAMPLAN" --model mt5 --gpu rtx3090 --target-len 1000000000000
