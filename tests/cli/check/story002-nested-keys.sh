# Seed 002: the batch and the length nested in a Hydra-like file's
# sections are ignored, each with a warning at its own line:col naming the
# key check reads (check otherwise checked TrainingArguments' defaults,
# batch 8 at 128 tokens, with no warning, and exited 0 for a config that
# ran out of memory at 256 x 512). A count of batches is no size.
"$VRAMPLAN" check tests/data/check/seed002-nested-keys.yaml 2>&1 | grep -E "warning: .*ignored|ignored keys"
# where the top level states the sizes, a section's own (another run's,
# seed 001's per-model `inference:`) gets no hint: the file says them
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'model_name_or_path: %s/tests/data/configs/t5-small.json\nper_device_train_batch_size: 4\nper_device_eval_batch_size: 4\nmax_source_length: 512\ninference:\n  batch_size: 8\n  eval_batch_size: 16\n  max_len: 128\nvramplan:\n  gpu: a100-80gb\n' \
	"$PWD" >"$d/c.yaml"
"$VRAMPLAN" check "$d/c.yaml" 2>&1 | grep -E "warning: .*ignored|ignored keys" | sed 's#^vramplan: [a-z]*: [^ ]*c.yaml[:0-9]*#vramplan: FILE#'
# the JSON lists each with its place, after its section
"$VRAMPLAN" check tests/data/check/seed002-nested-keys.yaml --format json -q | tr -d ' \t\n' |
	grep -o '"key":"[^"]*","line":[0-9]*,"column":[0-9]*'
# a generation's or an inference run's sizes are not the training step's:
# no hint sends them to the trainer's keys, nested or dotted
printf 'model_name_or_path: %s/tests/data/configs/t5-small.json\ngeneration_config:\n  max_length: 84\ngeneration.max_length: 84\ninference:\n  batch_size: 8\nvramplan:\n  gpu: a100-80gb\n' \
	"$PWD" >"$d/g.yaml"
"$VRAMPLAN" check "$d/g.yaml" 2>&1 | grep -E "warning: .*ignored|ignored keys" | sed 's#^vramplan: [a-z]*: [^ ]*g.yaml[:0-9]*#vramplan: FILE#'
