"$VRAMPLAN" --model mt5 --gpu rtx3090 --eval-predictions probs
