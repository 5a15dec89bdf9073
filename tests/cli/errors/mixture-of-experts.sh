# A mixture of experts that vramplan does not model (DeepSeek-V2-Lite: MLA
# attention, shared experts, a dense first layer) is refused with the reason,
# not read as a dense model.
"$VRAMPLAN" estimate --model tests/data/hfconfig/bad/deepseek-v2-lite.json --gpu a100-80gb --batch 1
