# vocab_size 2^63 (9223372036854775808).
timeout 60 "$VRAMPLAN" --model tests/data/hostile/vocab-2-63.json --gpu rtx3090
