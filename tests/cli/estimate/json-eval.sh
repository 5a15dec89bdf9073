# --format json with an evaluation option: an "eval" object with the plan's
# eval keys, then accumulation_steps, generate_only and fits; every other
# key as without it (the training step's "estimate" object unchanged).
# Without one there is no "eval" key at all.
a="--model mt5 --gpu v100 --precision fp32 --batch 8 --format json"
# shellcheck disable=SC2086
"$VRAMPLAN" estimate $a --method frozen --generate --num-beams 4 --max-new-tokens 84 | python3 -c '
import json, sys
d = json.load(sys.stdin)
print("top:", " ".join(d))
print("eval:", " ".join(d["eval"]))
print("generate_only %s, peak_moment %s, fits %s" % (d["eval"]["generate_only"], d["eval"]["peak_moment"], d["eval"]["fits"]))'
# shellcheck disable=SC2086
with=$("$VRAMPLAN" estimate $a --generate 2>/dev/null | python3 -c 'import json,sys; d=json.load(sys.stdin); del d["eval"]; print(json.dumps(d, sort_keys=True))')
# shellcheck disable=SC2086
without=$("$VRAMPLAN" estimate $a 2>/dev/null | python3 -c 'import json,sys; d=json.load(sys.stdin); print("eval" in d, json.dumps(d, sort_keys=True))')
[ "false $with" = "$(echo "$without" | sed 's/^False/false/')" ] && echo "the rest as without --generate" || echo "differs"
