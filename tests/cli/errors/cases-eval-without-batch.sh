"$VRAMPLAN_ACCURACY" --cases tests/data/cases/bad-eval-without-batch.yaml
