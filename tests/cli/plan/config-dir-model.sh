"$VRAMPLAN" --model tests/data/cli/t5-small-dir --gpu rtx3090 | grep -E "^# (vramplan|setup)"
