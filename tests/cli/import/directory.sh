"$VRAMPLAN" import tests/data/cli/t5-small-dir | head -3
