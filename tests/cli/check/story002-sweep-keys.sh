# Seed 002's sweep narrowed its batch and length as W&B sweep constraints
# (`data.batches.bi: {values: [16, 32, 64]}`): until 2026-11-30 check
# listed them among the ignored keys in a note and checked its defaults
# (batch 8, 128 tokens) while the plain `data.batches.bi: 256` got a
# warning; now each gets that warning, naming the sweep's largest value
"$VRAMPLAN" check tests/data/check/seed002-sweep-keys.yaml 2>&1 | grep -E "warning|ignored keys"
# nested as Hydra writes it, with W&B's other constraints (min, max and a
# distribution; a single value); a constraint that is no whole number,
# or a key that is none of W&B's, is no size: no hint
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'model_name_or_path: %s/tests/data/configs/t5-small.json\ndata:\n  batches:\n    bi:\n      min: 8\n      max: 48\n      distribution: q_uniform\n      q: 8\n  valid_batches:\n    value: 96\nmodel:\n  max_len:\n    values: [128, 512.5]\n  seq_len:\n    values: [128]\n    weights: [1]\nvramplan:\n  gpu: a100-80gb\n' \
	"$PWD" >"$d/c.yaml"
"$VRAMPLAN" check "$d/c.yaml" 2>&1 | grep -E "warning: .*ignored|ignored keys" | sed 's#^vramplan: [a-z]*: [^ ]*c.yaml[:0-9]*#vramplan: FILE#'
