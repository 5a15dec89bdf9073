# gpt-oss with 2^40 - 1 layers and a 100,000-character sliding_window_pattern:
# the pattern is not walked layer by layer past the limit on layers; the
# count is refused
timeout 60 "$VRAMPLAN" estimate --model tests/data/hostile/gpt-oss-pattern-huge-layers.json --gpu rtx3090 --batch 1
