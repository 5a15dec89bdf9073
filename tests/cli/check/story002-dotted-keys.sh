# Seed 002: a script's own dotted names for the batch, the length,
# checkpointing and AMP are ignored, each with a warning naming the key
# check reads (the config OOMed at 256 x 512 while check, reading none of
# them, planned its defaults without a word)
"$VRAMPLAN" check tests/data/check/seed002-dotted-keys.yaml 2>&1 | grep -E "warning|ignored keys"
# whole words only, sizes only: counts, intervals, penalties and minimums
# of these are no size (no hint), an eval's batch points at the eval key
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'model_name_or_path: %s/tests/data/configs/t5-small.json\nlog_interval_batches: 100\nlatest_batch: 3\nlength_penalty: 2\nnum_sequences: 4\nmin_length: 10\nsplit_batches: false\nsequence_parallel_degree: 2\nval_batch_size: 64\nvramplan:\n  gpu: a100-80gb\n' \
	"$PWD" >"$d/c.yaml"
"$VRAMPLAN" check "$d/c.yaml" 2>&1 | grep -E "warning: .*ignored|ignored keys" | sed 's#^vramplan: [a-z]*: [^ ]*c.yaml[:0-9]*#vramplan: FILE#'
