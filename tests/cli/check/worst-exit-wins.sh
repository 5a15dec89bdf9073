# A missing file (3) outranks a bad file (2), which outranks a miss (1).
"$VRAMPLAN" check -q examples/configs/seed000-stage2.yaml tests/data/trainconfig/bad/string-batch.yaml tests/data/check/does-not-exist.yaml --gpu rtx3090
