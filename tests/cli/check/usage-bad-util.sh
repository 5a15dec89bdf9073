"$VRAMPLAN" check --util 0 examples/configs/seed000-stage3.yaml
