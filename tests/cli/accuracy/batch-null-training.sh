# batch null on a frozen case is the load-only calibration point; on a case
# whose method trains it is an unstated batch: unsupported, with the reason
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/batch-null-training.yaml
