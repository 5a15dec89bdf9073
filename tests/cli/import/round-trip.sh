# every config imports to an entry that the catalogue loader takes back, and
# the entry estimates what the config itself does (the same parameters and
# the same allocated bytes at one small step, and at a packed step of 4096
# tokens, where a sliding window of 4096 or less decides SDPA's k/v copies,
# or, past a model's position table, the same refusal). The configs run
# side by side, as many as there are cores, and report in order. Under
# valgrind (VP_VALGRIND, scripts/valgrind.sh), where this was the suite's
# longest test, the packed step is left to the plain and sanitizer runs:
# valgrind looks for memory errors, which the short step's code paths show.
dir=$(mktemp -d) || exit 1
est() {
	python3 -c 'import json,sys
text = sys.stdin.read()
if not text:
    print("refused")
else:
    e = json.loads(text)["estimate"]
    print(e["params_total"], e["allocated_bytes"])'
}
one() {
	f=$1 t=$2
	# -q: an HF id that a built-in entry has gets a warning (shadowed-hf-id.sh), not this test's subject
	"$VRAMPLAN" import -q "$f" >"$t" || { echo "import failed: $f"; return; }
	name=$(sed -n 's/^- name: //p' "$t")
	# the entry loads from a catalogue file and is found by its name
	a=$("$VRAMPLAN" estimate --model "$f" --gpu h100 --batch 1 --seq-len 64 --target-len 16 --format json 2>/dev/null | est)
	b=$("$VRAMPLAN" estimate --catalog "$t" --model "$name" --gpu h100 --batch 1 --seq-len 64 --target-len 16 --format json 2>/dev/null | est)
	if [ -z "${VP_VALGRIND:-}" ]; then
		a="$a $("$VRAMPLAN" estimate --model "$f" --gpu h100 --batch 1 --seq-len 4096 --target-len 16 --packed --format json 2>/dev/null | est)"
		b="$b $("$VRAMPLAN" estimate --catalog "$t" --model "$name" --gpu h100 --batch 1 --seq-len 4096 --target-len 16 --packed --format json 2>/dev/null | est)"
	fi
	if [ -n "$a" ] && [ "$a" = "$b" ]; then echo "$f: $name"; else echo "estimates differ: $f ($a | $b)"; fi
}
jobs=$(nproc 2>/dev/null || echo 2)
i=0
for f in tests/data/configs/*.json; do
	i=$((i + 1))
	one "$f" "$dir/$i.yaml" >"$dir/$i.out" &
	[ $((i % jobs)) -eq 0 ] && wait
done
wait
n=0
while [ $n -lt $i ]; do
	n=$((n + 1))
	cat "$dir/$n.out"
done
rm -rf "$dir"
