# A model of a model_type vramplan does not model, read as Llama
# (hfconfig.c: Orion's config has a Llama decoder's keys), gets the warning
# plan and estimate print, at the key that names it, or at --model when
# the command line gives it; until 2026-11-30 check said nothing (a review).
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cfg=$PWD/tests/data/configs/orion-14b-base.json
cd "$d" || exit 1
printf 'per_device_train_batch_size: 2\nbf16: true\nvramplan:\n  model: %s\n  seq_len: 512\n' "$cfg" >a.yaml
printf 'per_device_train_batch_size: 2\nbf16: true\nvramplan:\n  seq_len: 512\n' >b.yaml
"$VRAMPLAN" check a.yaml --gpu a100-80gb 2>&1 >/dev/null | grep -F "warning"
"$VRAMPLAN" check b.yaml --model "$cfg" --gpu a100-80gb 2>&1 >/dev/null | grep -F "warning"
"$VRAMPLAN" check a.yaml --gpu a100-80gb --format json 2>/dev/null | python3 -c 'import json, sys
print([w["key"] for w in json.load(sys.stdin)[0]["warnings"]])'
