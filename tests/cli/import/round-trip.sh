# every config imports to an entry that the catalogue loader takes back
t=$(mktemp) || exit 1
for f in tests/data/configs/*.json; do
	"$VRAMPLAN" import "$f" >"$t" || { echo "import failed: $f"; continue; }
	name=$(sed -n 's/^- name: //p' "$t")
	"$VRAMPLAN" list models --catalog "$t" | grep -q "^$name " && echo "$f: $name" || echo "not listed: $f"
done
rm -f "$t"
