# _name_or_path with bytes 0xff 0xfe: the plan's YAML and JSON then carry
# them and neither parses. Expected: a one-line error, exit 2.
timeout 60 "$VRAMPLAN" --model tests/data/hostile/invalid-utf8.json --gpu rtx3090
