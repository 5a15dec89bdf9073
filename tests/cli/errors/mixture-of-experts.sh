# A mixture of experts that vramplan does not model (GLM-4.5-Air: shared
# experts, a dense first layer, under a model_type vramplan does not read) is
# refused with the reason, not read as a dense model. The config:
# tests/data/hfconfig/bad/README.md.
"$VRAMPLAN" estimate --model tests/data/hfconfig/bad/glm-4.5-air.json --gpu a100-80gb --batch 1
