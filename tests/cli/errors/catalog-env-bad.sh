VRAMPLAN_CATALOG=tests/data/cli/bad-key.yaml "$VRAMPLAN" list gpus
