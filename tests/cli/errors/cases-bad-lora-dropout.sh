"$VRAMPLAN_ACCURACY" --cases tests/data/cases/bad-lora-dropout.yaml
