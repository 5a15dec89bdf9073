"$VRAMPLAN" import tests/data/cli/unsupported-model-type.json
