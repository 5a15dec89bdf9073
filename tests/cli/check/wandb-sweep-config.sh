# A W&B sweep configuration (top-level method grid/random/bayes and
# parameters) is a search space: each run takes one value of each parameter.
# Read as TrainingArguments it was "no model", or with --model the defaults at
# batch 8 with every parameter ignored (exit 0, FITS). An input error at
# `method`, with the estimate of the run that needs the most memory: the
# largest batch and length the sweep allows, the model it pins; placeholders
# for what it leaves open. A trainer config with a `method` key of its own
# (no parameters mapping) is read as ever.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
printf 'program: train.py\nmethod: grid\nmetric: {name: eval/loss, goal: minimize}\nparameters:\n  model_name_or_path: {value: gpt2}\n  per_device_train_batch_size: {values: [8, 16, 64]}\n  max_seq_length: {values: [256, 512]}\n  learning_rate: {min: 0.00001, max: 0.001}\n' >"$d/sweep.yaml"
"$VRAMPLAN" check "$d/sweep.yaml" --gpu rtx3090 2>&1 | sed "s|$d|DIR|"
"$VRAMPLAN" check "$d/sweep.yaml" --gpu rtx3090 --model gpt2 -q 2>/dev/null
echo "exit $?"
cmd=$("$VRAMPLAN" check "$d/sweep.yaml" 2>&1 | sed -n 's/.*largest sizes: \(vramplan estimate [^(]*\) (.*/\1/p' | sed 's/--gpu G/--gpu rtx3090/')
# the suggested command runs, at the sweep's largest batch
# shellcheck disable=SC2086
"$VRAMPLAN" ${cmd#vramplan } -q | grep -E "^(batch|fits):"
printf 'method: bayes\nparameters:\n  per_device_train_batch_size: {min: 4, max: 32}\n  lr: {min: 0.1, max: 1}\n' |
	"$VRAMPLAN" check - --gpu rtx3090
echo "exit $?"
printf 'model_name_or_path: gpt2\nmethod: grid\nper_device_train_batch_size: 2\n' | "$VRAMPLAN" check - --gpu rtx3090 -q
echo "exit $?"
