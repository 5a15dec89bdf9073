"$VRAMPLAN" --model mt5 --gpu rtx3090 --eval-samples 0
