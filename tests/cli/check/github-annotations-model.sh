# When the model itself is the problem, the annotation points at its key.
GITHUB_ACTIONS=true "$VRAMPLAN" check -q tests/data/check/unknown-model.yaml --gpu rtx3090
GITHUB_ACTIONS=true "$VRAMPLAN" check -q examples/configs/seed004-deepspeed-zero2.json --gpu v100-16gb
