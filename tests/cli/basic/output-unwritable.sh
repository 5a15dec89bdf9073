"$VRAMPLAN" --model mt5 --gpu rtx3090 -o tests/data/cli/no-such-dir/plan.yaml
