"$VRAMPLAN" --model mt5 --gpu rtx3090 --explain >/dev/null
