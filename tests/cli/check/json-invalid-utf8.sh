# --format json must be UTF-8 (RFC 8259 section 8.1) whatever the input
# holds: a file name is any bytes on Linux, and cJSON, which reads a JSON
# training config, does not check its keys' UTF-8. Until 2026-11-30 a 0xff
# byte of either went into the output as it was, which json.loads and jq
# then refused (json.loads: "invalid start byte"); each such byte is now '?'.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
bad=$(printf 'we\377ird.yaml')
cp examples/configs/seed000-stage1.yaml "$d/$bad"
printf '{"model_name_or_path": "google/mt5-small", "per_device_train_batch_size": 2, "k\377ey": 1}\n' >"$d/key.json"
cd "$d" || exit 1
for f in "$bad" key.json "missing-$bad"; do
	"$VRAMPLAN" check --gpu a100 --format json "$f" 2>/dev/null >out.json
	echo "exit $?"
	python3 -c '
import json, sys
doc = json.loads(open("out.json", "rb").read().decode("utf-8"))
print(doc[0]["file"], [k["key"] for k in doc[0].get("ignored_keys", [])], doc[0].get("error", {}).get("message", ""))'
done
