# A raw NUL byte in JSON (a config.json, a JSON training config): cJSON
# skips it as whitespace, Python's json.load refuses it, so does vramplan,
# at its position
d=$(mktemp -d) || exit 1
printf '{"model_type": "llama",\000 "hidden_size": 256}' >"$d/config.json"
printf '{"model_name_or_path": "mt5", "per_device_train_batch_size": 2\000}' >"$d/train.json"
timeout 60 "$VRAMPLAN" --model "$d/config.json" --gpu rtx3090 2>&1 | sed "s|$d/||"
timeout 60 "$VRAMPLAN" check "$d/train.json" --gpu rtx3090 2>&1 | sed "s|$d/||"
timeout 60 "$VRAMPLAN" check "$d/train.json" --gpu rtx3090 >/dev/null 2>&1
echo "exit $?"
rm -rf "$d"
