"$VRAMPLAN_ACCURACY" --cases tests/data/cases/bad-lora-dtype.yaml
