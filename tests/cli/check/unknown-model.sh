"$VRAMPLAN" check --gpu rtx3090 tests/data/check/unknown-model.yaml
