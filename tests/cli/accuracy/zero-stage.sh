# zero: 0 is DeepSpeed's stage 0 (zero_optimization.stage: 0, no ZeRO):
# read as zero: null, so the two cases estimate the same; a stage above 3
# is unsupported, and its note lists the stages read, 0 included
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/zero-stage.yaml
