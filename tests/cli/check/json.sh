# --format json: one object per file and GPU, every number in bytes.
"$VRAMPLAN" check --format json examples/configs/seed000-stage1.yaml
