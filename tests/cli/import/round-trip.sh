# every config imports to an entry that the catalogue loader takes back, and
# the entry estimates what the config itself does (the same parameters and
# the same allocated bytes at one small step, and at a packed step of 4096
# tokens, where a sliding window of 4096 or less decides SDPA's k/v copies,
# or, past a model's position table, the same refusal). The configs run
# side by side, as many as there are cores; one Python process compares the
# JSON they left and reports in order (a Python start per estimate took
# 1.2 s each on a loaded 2-core machine, 384 of them, past ctest's 300 s
# limit). Under valgrind (VP_VALGRIND, scripts/valgrind.sh), where this was
# the suite's longest test, the packed step is left to the plain and
# sanitizer runs: valgrind looks for memory errors, which the short step's
# code paths show.
dir=$(mktemp -d) || exit 1
one() {
	f=$1 t=$2
	# -q: an HF id that a built-in entry has gets a warning (shadowed-hf-id.sh), not this test's subject
	"$VRAMPLAN" import -q "$f" >"$t.yaml" || { echo "import failed" >"$t.failed"; return; }
	name=$(sed -n 's/^- name: //p' "$t.yaml")
	echo "$name" >"$t.name"
	# the entry loads from a catalogue file and is found by its name
	"$VRAMPLAN" estimate --model "$f" --gpu h100 --batch 1 --seq-len 64 --target-len 16 --format json >"$t.a1" 2>/dev/null
	"$VRAMPLAN" estimate --catalog "$t.yaml" --model "$name" --gpu h100 --batch 1 --seq-len 64 --target-len 16 --format json >"$t.b1" 2>/dev/null
	if [ -z "${VP_VALGRIND:-}" ]; then
		"$VRAMPLAN" estimate --model "$f" --gpu h100 --batch 1 --seq-len 4096 --target-len 16 --packed --format json >"$t.a2" 2>/dev/null
		"$VRAMPLAN" estimate --catalog "$t.yaml" --model "$name" --gpu h100 --batch 1 --seq-len 4096 --target-len 16 --packed --format json >"$t.b2" 2>/dev/null
	fi
}
jobs=$(nproc 2>/dev/null || echo 2)
i=0
: >"$dir/list"
for f in tests/data/configs/*.json; do
	i=$((i + 1))
	echo "$f" >>"$dir/list"
	one "$f" "$dir/$i" &
	[ $((i % jobs)) -eq 0 ] && wait
done
wait
python3 - "$dir" <<'PY'
import json, os, sys

d = sys.argv[1]

def est(path):
    # an estimate that was refused printed nothing; a missing file is a step not run
    if not os.path.exists(path):
        return None
    with open(path) as fh:
        text = fh.read()
    if not text:
        return "refused"
    e = json.loads(text)["estimate"]
    return "%d %d" % (e["params_total"], e["allocated_bytes"])

with open(os.path.join(d, "list")) as fh:
    files = fh.read().split("\n")[:-1]
for i, f in enumerate(files, 1):
    t = os.path.join(d, str(i))
    if os.path.exists(t + ".failed"):
        print("import failed: %s" % f)
        continue
    with open(t + ".name") as fh:
        name = fh.read().strip()
    a = [x for x in (est(t + ".a1"), est(t + ".a2")) if x is not None]
    b = [x for x in (est(t + ".b1"), est(t + ".b2")) if x is not None]
    if a and a == b:
        print("%s: %s" % (f, name))
    else:
        print("estimates differ: %s (%s | %s)" % (f, " ".join(a), " ".join(b)))
PY
rm -rf "$dir"
