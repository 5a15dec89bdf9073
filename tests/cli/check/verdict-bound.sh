# A verdict that rests on keys check reads but does not model says so
# (cmd_check.c verdict_bound). bound-upper.yaml's context parallelism and
# tiled MLP would lower the peak (each note: "an overestimate"): its
# DOES NOT FIT is "as counted (an upper bound: ...)". bound-lower.yaml's
# QAT would raise it ("an underestimate"): its FITS is "as counted (a lower
# bound: ...)". bound-plain.yaml has neither: its verdict as before. The
# exit status is the counted verdict's (1 for the upper bound: the gate
# stays on the safe side). JSON gives each check upper_bound_keys,
# lower_bound_keys and verdict_bound; GitHub annotations say it too (a
# lower-bound fit as a warning at its first key).
d=tests/data/check
for f in upper lower plain; do
	"$VRAMPLAN" check -q --gpu h100 $d/bound-$f.yaml
	echo "exit $?"
done
"$VRAMPLAN" check --format json --gpu h100 $d/bound-upper.yaml $d/bound-lower.yaml $d/bound-plain.yaml 2>/dev/null |
	python3 -c '
import json, sys
for r in json.load(sys.stdin):
    print(r["file"], "fits" if r["fits"] else "does not fit", "verdict_bound", r["verdict_bound"],
          "upper", r["upper_bound_keys"], "lower", r["lower_bound_keys"])
'
echo "exit $?"
for f in upper lower plain; do
	GITHUB_ACTIONS=true "$VRAMPLAN" check -q --gpu h100 $d/bound-$f.yaml | grep '^::'
done
for f in bound-target-params-full bound-lisa-no-interval bound-fsdp-config-no-fsdp; do
	"$VRAMPLAN" check -q --gpu h100 $d/$f.yaml
	echo "exit $?"
	"$VRAMPLAN" check --format json --gpu h100 $d/$f.yaml 2>/dev/null |
		python3 -c 'import json, sys; r = json.load(sys.stdin)[0]; print(r["verdict_bound"], r["upper_bound_keys"], r["lower_bound_keys"])'
done
exit 0
