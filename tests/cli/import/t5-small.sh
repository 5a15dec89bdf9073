"$VRAMPLAN" import tests/data/configs/t5-small.json
