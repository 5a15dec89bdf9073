# num_attention_heads 0.
timeout 60 "$VRAMPLAN" --model tests/data/hostile/heads-zero.json --gpu rtx3090
