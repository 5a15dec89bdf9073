# A DeepSpeed config has batch keys for training alone, and check reads a
# DeepSpeed config's evaluation at its micro-batch (tc_settle.c): the plan
# says where its eval batch goes and what check of the file evaluates at.
# Until 2026-12-01 the plan printed "eval batch 65" beside a file that
# check evaluated at 23, with nothing saying so.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$VRAMPLAN" --model qwen3-0.6b --gpu a100-80gb --zero 2 --optimizer adamw --profile deepspeed -q >"$d/ds.yaml"
grep -A2 '^# eval batch' "$d/ds.yaml" | sed 's/: device peak.*//'
"$VRAMPLAN" check "$d/ds.yaml" --model qwen3-0.6b --gpu a100-80gb -q | sed 's/.*\(eval batch [0-9]*\) peak.*/check: \1/'
