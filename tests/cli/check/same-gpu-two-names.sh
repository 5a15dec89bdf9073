# Two names of one GPU (an alias, nvidia-smi's name) are one check: one
# line, one JSON object and a note; until 2026-11-29 each name printed the
# same line again, and JSON and the GitHub annotations held it twice
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'model_name_or_path: %s/tests/data/configs/t5-small.json\nper_device_train_batch_size: 4\nvramplan:\n  gpu: [v100, v100-16gb]\n' \
	"$PWD" >"$d/c.yaml"
cd "$d" || exit 1
"$VRAMPLAN" check c.yaml --gpu v100 --gpu "Tesla V100-SXM2-16GB" --gpu t4 2>&1 | grep -E "^c.yaml|checked once"
# the file's own list
"$VRAMPLAN" check c.yaml -q
"$VRAMPLAN" check c.yaml --format json -q | grep -c '"gpu"'
