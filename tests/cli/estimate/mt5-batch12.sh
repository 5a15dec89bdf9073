# does not fit: exit 0, and the output says so
"$VRAMPLAN" estimate --model mt5 --gpu rtx3090 --batch 12
