# The outputs the docs quote are the tool's: README's plan for mT5 on an
# RTX 3090 (its lines, "..." standing for the ones left out) and
# docs/check.md's two result lines. A line the tool no longer prints is
# named here (the docs had drifted: eval batch 39 where the plan said 36).
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$VRAMPLAN" --model mt5 --gpu rtx3090 >"$d/plan" 2>/dev/null
awk '/^\$ vramplan --model mt5 --gpu rtx3090$/ { on = 1; next } on && /^```/ { exit } on' README.md |
	grep -v '^#   \.\.\.$' >"$d/quoted"
n=0
while IFS= read -r line; do
	n=$((n + 1))
	grep -qxF -- "$line" "$d/plan" || echo "README: not printed: $line"
done <"$d/quoted"
echo "README: $n lines quoted"
"$VRAMPLAN" check examples/configs/seed000-stage1.yaml examples/configs/seed000-stage4.yaml >"$d/check" 2>/dev/null
awk '/^\*\*Text\*\*: one line per file and GPU:$/ { on = 1; next } on && /^```$/ { if (++fence == 2) exit; next } fence == 1' \
	docs/check.md >"$d/quoted"
n=0
while IFS= read -r line; do
	n=$((n + 1))
	grep -qxF -- "$line" "$d/check" || echo "docs/check.md: not printed: $line"
done <"$d/quoted"
echo "docs/check.md: $n lines quoted"
