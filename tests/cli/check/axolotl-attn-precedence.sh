"$VRAMPLAN" check tests/data/check/axolotl-attn-precedence.yaml --gpu rtx3090 -v 2>&1 | grep "axolotl config\|_attention\|FITS"
