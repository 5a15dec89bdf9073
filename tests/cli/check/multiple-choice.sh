"$VRAMPLAN" check tests/data/check/multiple-choice.yaml --gpu rtx3090 -v 2>&1 | grep "texts_per_example\|FIT"
