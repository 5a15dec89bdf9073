# The GPU, host RAM and cores come from the config's vramplan: block.
"$VRAMPLAN" check -q examples/configs/seed000-stage1.yaml examples/configs/seed000-stage3.yaml
