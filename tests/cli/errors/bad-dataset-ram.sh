# A dataset size is a size: a number with an optional unit.
"$VRAMPLAN" --model mt5 --gpu rtx3090 --dataset-ram lots
