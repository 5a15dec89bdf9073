# README's accuracy table is the benchmark's current output (regenerate with
# sh scripts/update-readme-accuracy.sh BUILD_DIR).
want=$(mktemp) got=$(mktemp)
trap 'rm -f "$want" "$got"' EXIT
{
	echo '```'
	"$VRAMPLAN_ACCURACY" --cases tests/data/groundtruth/cases.yaml
	echo '```'
} >"$want"
sed -n '/<!-- accuracy:begin -->/,/<!-- accuracy:end -->/p' README.md | sed '1d;$d' >"$got"
if cmp -s "$want" "$got"; then
	echo "README accuracy table is current"
else
	echo "README accuracy table is stale: run sh scripts/update-readme-accuracy.sh" >&2
	diff "$want" "$got" | head -20 >&2
	exit 1
fi
