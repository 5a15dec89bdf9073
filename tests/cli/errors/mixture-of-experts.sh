# A mixture of experts that vramplan does not model (ERNIE-4.5-21B-A3B:
# shared experts, a dense first layer, under a model_type vramplan does not
# read) is refused with the reason, not read as a dense model. The config:
# tests/data/hfconfig/bad/README.md.
"$VRAMPLAN" estimate --model tests/data/hfconfig/bad/ernie-4.5-21b-a3b.json --gpu a100-80gb --batch 1
