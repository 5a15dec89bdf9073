"$VRAMPLAN" import tests/data/cli/broken-config.json
