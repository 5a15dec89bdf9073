"$VRAMPLAN" check --host-ram 60XB examples/configs/seed000-stage3.yaml
