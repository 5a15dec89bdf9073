"$VRAMPLAN" check --gpu rtx3090 tests/data/trainconfig/bad/string-batch.yaml
