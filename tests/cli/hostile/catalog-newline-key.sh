# A quoted key with a newline: the 'unknown key' error spans two lines.
# Expected: one line (the key escaped), exit 2.
timeout 60 "$VRAMPLAN" --model mt5 --gpu rtx3090 --catalog tests/data/hostile/newline-key.yaml
