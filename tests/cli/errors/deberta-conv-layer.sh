"$VRAMPLAN" --model tests/data/cli/deberta-v2-xlarge-conv.json --gpu a100-80gb --head sequence-classification
