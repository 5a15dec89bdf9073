# vocab_size 1e300.
timeout 60 "$VRAMPLAN" --model tests/data/hostile/vocab-1e300.json --gpu rtx3090
