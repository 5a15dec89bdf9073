# A hybrid of attention and Mamba layers (a Falcon-H1-shaped config: Llama's
# shape keys, RMSNorm and SiLU beside mamba_* keys) is refused with the
# reason, not estimated as a Llama whose every layer is attention
"$VRAMPLAN" estimate --model tests/data/hfconfig/bad/falcon-h1-like.json --gpu a100-80gb --batch 1
