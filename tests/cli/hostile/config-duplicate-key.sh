# hidden_size given twice: cJSON keeps the first, silently. Expected:
# a one-line error naming the key, exit 2.
timeout 60 "$VRAMPLAN" --model tests/data/hostile/duplicate-key.json --gpu rtx3090
