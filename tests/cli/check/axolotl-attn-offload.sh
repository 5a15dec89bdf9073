"$VRAMPLAN" check tests/data/check/axolotl-attn-offload.yaml --gpu a100-80gb -v 2>&1 | grep "axolotl config\|FITS"
