"$VRAMPLAN_ACCURACY" --cases tests/data/cases/bad-expandable.yaml
