# SDPA does not exist before PyTorch 2.0: an input error, not a plan for a
# stack that cannot run it.
"$VRAMPLAN" --model mt5 --gpu rtx3090 --torch-version 1.13 --attn sdpa
