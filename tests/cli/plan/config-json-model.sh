"$VRAMPLAN" --model tests/data/configs/t5-small.json --gpu rtx3090 | grep -E "^# (vramplan|setup)"
