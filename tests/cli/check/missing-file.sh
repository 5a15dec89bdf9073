"$VRAMPLAN" check --gpu rtx3090 tests/data/check/does-not-exist.yaml
