# a zero that is not a scalar stops the run; the message lists every value
# read, stage 0 (DeepSpeed without ZeRO) included
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/bad-zero-list.yaml
