# --model replaces the config's model; --util the 0.8 budget.
"$VRAMPLAN" check -q --model mt5-small --util 0.5 --gpu rtx3090 examples/configs/seed000-stage3.yaml
