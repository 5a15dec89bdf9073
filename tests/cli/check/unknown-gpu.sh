"$VRAMPLAN" check --gpu rtx9090 tests/data/check/no-gpu.yaml
