# A key k entries share is k(k-1)/2 pairs: until 2026-11-30 each was a
# warning line, so a generated file of 1000 GPU entries with one alias in
# common printed 499,500 lines (4 s), and 4096 of them 8.4 million. The
# first 50 pairs are said, the rest counted in one line.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
awk 'BEGIN { print "gpus:"; for (i = 0; i < 1000; i++)
	printf "  - name: g%d\n    full_name: G %d\n    memory_mib: 8192\n    aliases: [same]\n", i, i }' >many.yaml
"$VRAMPLAN" --catalog many.yaml list gpus 2>err >/dev/null
echo "exit $?"
wc -l <err
tail -1 err
