"$VRAMPLAN_ACCURACY" --cases tests/data/cases/bad-pytorch-minor.yaml
