# eval_accumulation_steps 4 keeps four steps' predictions, concatenated: the
# failure points at that key and says how many steps fit.
"$VRAMPLAN" check -q --format text tests/data/check/mt5-eval-accumulation-4.yaml
echo "exit $?"
GITHUB_ACTIONS=true "$VRAMPLAN" check -q tests/data/check/mt5-eval-accumulation-4.yaml | grep '^::error'
# JSON's eval key is the one to change, as the annotation's
"$VRAMPLAN" check -q --format json tests/data/check/mt5-eval-accumulation-4.yaml | tr -d '\t\n' |
	grep -o '"accumulation_steps_that_fit":[^}]*}'
