# A hand-edited JSON file's usual mistakes are named, at the culprit's own
# line and column, in a model's config.json and in a trainer's JSON config
# alike. cJSON gives only where it stopped (one byte past a trailing
# comma's closing brace), which was all the message said: "invalid JSON".
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
printf '{\n  "model_type": "gpt2",\n  "n_layer": 12,\n}\n' >config.json
"$VRAMPLAN" --model config.json --gpu rtx3090
echo "exit $?"
printf '{\n  "model_name_or_path": "gpt2",\n  "per_device_train_batch_size": 8,\n}\n' >trailing.json
printf '{\n  "model_name_or_path": "gpt2",\n  // the batch\n  "per_device_train_batch_size": 8\n}\n' >comment.json
printf "{\n  'model_name_or_path': 'gpt2'\n}\n" >quotes.json
printf '{\n  "model_name_or_path": "gpt2",\n  "max_grad_norm": NaN\n}\n' >nan.json
printf '{\n  "model_name_or_path": "gpt2",\n  "bf16": True\n}\n' >python.json
for f in trailing comment quotes nan python; do
	"$VRAMPLAN" check $f.json --gpu rtx3090
	echo "exit $?"
done
