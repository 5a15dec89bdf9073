# A directory given with the slash a shell's completion leaves ("DIR/")
# imports as "DIR" does, and one without a config.json is named as
# DIR/config.json, as --model names it (src/cli/resolve.c). Until
# 2026-11-30 import said "cannot open 'DIR//config.json'".
"$VRAMPLAN" import tests/data/cli/t5-small-dir/ | head -3
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$VRAMPLAN" import "$d/" 2>&1 | sed "s|$d|DIR|"
"$VRAMPLAN" --model "$d/" --gpu rtx3090 2>&1 | sed "s|$d|DIR|"
