"$VRAMPLAN" check --gpu rtx3090 tests/data/trainconfig/bad/lora-dropout-range.yaml
