# A directory whose config.json has no _name_or_path: the plan is named
# for the directory (every checkpoint's file is config.json), with the
# file given or the directory, a trailing slash or none; a checkpoint
# step's directory keeps the one above it.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
mkdir -p "$d/xlsum-mt5" "$d/run1/checkpoint-500"
cp tests/data/configs/mt5-base.json "$d/xlsum-mt5/config.json"
cp tests/data/configs/mt5-base.json "$d/run1/checkpoint-500/config.json"
for m in "$d/xlsum-mt5" "$d/xlsum-mt5/" "$d/xlsum-mt5/config.json" "$d/run1/checkpoint-500"; do
	"$VRAMPLAN" -q --model "$m" --gpu rtx3090 | head -1
done
"$VRAMPLAN" import "$d/xlsum-mt5" | grep -m1 "name:"
