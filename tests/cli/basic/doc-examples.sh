# The outputs the docs quote are the tool's: README's plan for mT5 on an
# RTX 3090 (its lines, "..." standing for the ones left out),
# docs/check.md's two result lines, its lines for a run that trains
# nothing, its matrix and its annotations, and docs/planner.md's three
# "--seq-len max" lines and its gathered eval batch. A line the tool no longer prints is named here (the docs had
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
# its matrix of files and GPUs, and its GitHub Actions annotations (both
# had drifted unchecked: the matrix's column width)
"$VRAMPLAN" check examples/configs/seed000-stage1.yaml examples/configs/seed000-stage4.yaml \
	--gpu rtx3090 --gpu a100-40gb >"$d/matrix" 2>/dev/null
awk '/^was not checked on that GPU, `ERROR` where it could not be checked\):$/ { on = 1; next }
	on && /^```$/ { if (++fence == 2) exit; next } fence == 1' docs/check.md >"$d/quoted"
compare "docs/check.md (matrix)" "$d/quoted" "$d/matrix"
GITHUB_ACTIONS=true "$VRAMPLAN" check examples/configs/seed000-stage1.yaml >"$d/annotations" 2>/dev/null
awk '/^pull request:$/ { on = 1; next } on && /^```$/ { if (++fence == 2) exit; next } fence == 1' \
	docs/check.md >"$d/quoted"
compare "docs/check.md (annotations)" "$d/quoted" "$d/annotations"
# docs/planner.md's "--seq-len max" lines, one for each bound (the first
# had drifted: 7550 tokens rounded down where the tool said 7523)
for args in "--model llama-3.2-3b --gpu rtx4090 --method qlora --grad-ckpt --profile llamafactory" \
	"--model bert-large-uncased --gpu a100-80gb" "--model tinyllama --gpu a100-80gb"; do
	# shellcheck disable=SC2086
	"$VRAMPLAN" $args --seq-len max 2>/dev/null
done >"$d/seq-max"
sed -n 's/^    \(# seq-len max: \)/\1/p' docs/planner.md >"$d/quoted"
compare "docs/planner.md (seq-len max)" "$d/quoted" "$d/seq-max"
# docs/planner.md's gathered evaluation, in prose: the eval batch of Llama
# 3.2 1B at 1,024 tokens on 8 H100s and on one (the second had drifted: 32
# where the plan said 33)
quoted=$(tr '\n' ' ' <docs/planner.md |
	sed -n 's/.*on 8 H100s: eval batch \([0-9]*\) where one GPU takes \([0-9]*\) .*/\1 \2/p')
printed=$(for n in 8 1; do
	"$VRAMPLAN" --model llama-3.2-1b --gpu h100 --seq-len 1024 --gpus $n 2>/dev/null |
		sed -n 's/^per_device_eval_batch_size: //p'
done | tr '\n' ' ')
if [ "$quoted " = "$printed" ]; then
	echo "docs/planner.md (gathered eval batch): quoted $quoted"
else
	echo "docs/planner.md (gathered eval batch): quoted '$quoted', printed '$printed'"
fi
