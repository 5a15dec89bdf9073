# A W&B sweep constraint whose `value` or `min` is a list, empty or not
# (only `values` is one): no size, no crash. Until 2026-11-30 check read
# `value: []` as a list's first item, a NULL pointer, and crashed.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
for c in '{value: []}' '{min: []}' '{max: [64]}' '{values: []}' '{values: [[]]}'; do
	printf 'model_name_or_path: gpt2\nper_device_batch: %s\ndata:\n  batch_size: %s\n' "$c" "$c" >"$d/c.yaml"
	"$VRAMPLAN" check --gpu h100 "$d/c.yaml" >/dev/null 2>&1
	echo "$c exit $?"
done
