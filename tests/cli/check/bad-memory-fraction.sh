"$VRAMPLAN" check --gpu rtx3090 tests/data/trainconfig/bad/vramplan-memory-fraction.yaml
