"$VRAMPLAN" check --format yaml examples/configs/seed000-stage3.yaml
