# A mixture of experts that vramplan does not model (Qwen1.5-MoE: shared
# experts beside the routed ones) is refused with the reason, not read as a
# dense model.
"$VRAMPLAN" estimate --model tests/data/hfconfig/bad/qwen1.5-moe-a2.7b.json --gpu a100-80gb --batch 1
