"$VRAMPLAN" import tests/data/cli/no-such-config.json
