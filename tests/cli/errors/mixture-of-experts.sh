# A mixture of experts is refused with the reason, not read as a dense model.
"$VRAMPLAN" estimate --model tests/data/hfconfig/bad/mixtral-8x7b.json --gpu a100-80gb --batch 1
