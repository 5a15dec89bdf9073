"$VRAMPLAN" check tests/data/check/no-gpu.yaml
