# a ModernBERT config whose layer_types list has 200,000 entries for 22
# layers: read once, refused for its length as transformers refuses it
timeout 60 "$VRAMPLAN" estimate --model tests/data/hostile/modernbert-layer-types-200k.json --gpu rtx3090 --batch 1
