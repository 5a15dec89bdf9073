# The outputs the docs quote are the tool's: README's plan for mT5 on an
# RTX 3090 (its lines, "..." standing for the ones left out),
# docs/check.md's two result lines and its line for a run that trains
# nothing. A line the tool no longer prints is named here (the docs had
# drifted: eval batch 39 where the plan said 36).
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
# every quoted line ($2) among the printed ones ($3), named by the doc ($1)
compare() {
	n=0
	while IFS= read -r line; do
		n=$((n + 1))
		grep -qxF -- "$line" "$3" || echo "$1: not printed: $line"
	done <"$2"
	echo "$1: $n lines quoted"
}
"$VRAMPLAN" --model mt5 --gpu rtx3090 >"$d/plan" 2>/dev/null
awk '/^\$ vramplan --model mt5 --gpu rtx3090$/ { on = 1; next } on && /^```/ { exit } on' README.md |
	grep -v '^#   \.\.\.$' >"$d/quoted"
compare README "$d/quoted" "$d/plan"
"$VRAMPLAN" check examples/configs/seed000-stage1.yaml examples/configs/seed000-stage4.yaml >"$d/check" 2>/dev/null
awk '/^\*\*Text\*\*: one line per file and GPU:$/ { on = 1; next } on && /^```$/ { if (++fence == 2) exit; next } fence == 1' \
	docs/check.md >"$d/quoted"
compare docs/check.md "$d/quoted" "$d/check"
"$VRAMPLAN" check --gpu rtx4090 tests/data/check/lf-predict-only.yaml >"$d/eval-only" 2>/dev/null
awk '/^the train part, and the eval part gives the budget:$/ { on = 1; next } on && /^```$/ { if (++fence == 2) exit; next } fence == 1' \
	docs/check.md >"$d/quoted"
compare "docs/check.md (no training)" "$d/quoted" "$d/eval-only"
