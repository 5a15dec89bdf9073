# An eval batch over the budget names the largest eval batch that fits with
# the config's other settings (here each step's predictions moved at once,
# eval_accumulation_steps 1), as the train part names its largest batch:
# in the text line, in JSON (eval.largest_batch_that_fits) and in the
# annotation. The same search over any eval batch above it gives the same
# answer, and the config checked at that batch and one more shows the
# eval part fitting and not: the answer is the check's own boundary.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
mk() {
	sed "s/per_device_eval_batch_size: 24/per_device_eval_batch_size: $1/; s/eval_accumulation_steps: 4/eval_accumulation_steps: 1/" \
		tests/data/check/mt5-eval-accumulation-4.yaml >"$d/e$1.yaml"
}
mk 64
mk 1000
(cd "$d" && "$VRAMPLAN" check -q e64.yaml e1000.yaml)
echo "exit $?"
(cd "$d" && GITHUB_ACTIONS=true "$VRAMPLAN" check -q e64.yaml) | grep '^::'
(cd "$d" && "$VRAMPLAN" check -q e64.yaml --format json) | tr -d '\t\n' | grep -o '"eval":{[^}]*}' |
	grep -o '"fits":[a-z]*,"largest_batch_that_fits":[0-9a-z]*'
n=$(cd "$d" && "$VRAMPLAN" check -q e64.yaml --format json | tr -d '\t\n' | grep -o '"eval":{[^}]*}' |
	sed 's/.*"largest_batch_that_fits":\([0-9]*\).*/\1/')
mk "$n"
mk $((n + 1))
(cd "$d" && "$VRAMPLAN" check -q "e$n.yaml" "e$((n + 1)).yaml") | sed 's/: train batch.*; eval batch/: eval batch/'
# where the eval fits, and where fewer kept steps cure it (the
# accumulation's own hint, unchanged), there is no eval batch to name
"$VRAMPLAN" check -q --format json tests/data/check/mt5-eval-accumulation-4.yaml "$d/e$n.yaml" | tr -d '\t\n' |
	grep -o '"eval":{[^}]*}' | grep -o '"fits":[a-z]*,"largest_batch_that_fits":[0-9a-z]*'
