# A memory fraction is a share of the GPU, greater than 0 and at most 1.
"$VRAMPLAN" --model mt5 --gpu rtx3090 --memory-fraction 1.5
