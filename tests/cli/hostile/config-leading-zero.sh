# num_attention_heads 016: Python's json.load (transformers) refuses a leading zero, which cJSON
# would read as 16
timeout 60 "$VRAMPLAN" --model tests/data/hostile/leading-zero.json --gpu rtx3090
