# 100 000 nested JSON arrays (cJSON stops at 1000).
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "[" }' >"$d/deep.json"
cd "$d" && timeout 60 "$VRAMPLAN" --model deep.json --gpu rtx3090
