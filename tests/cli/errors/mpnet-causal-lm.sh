"$VRAMPLAN" --model all-mpnet-base-v2 --gpu t4 --head causal-lm
