# What the GitHub Actions example runs: every example on two GPUs.
"$VRAMPLAN" check -q examples/configs/*.yaml examples/configs/*.json --gpu rtx3090 --gpu a100-40gb
