# A config.json without _name_or_path is named after its directory. Until
# 2026-11-30 a directory called gpt2 imported as 'gpt2' without a word, and
# loaded with --catalog the entry replaced the built-in gpt2 wherever that
# name was given; an accented name lost each byte of its letters
# ("donn--es"), and a Chinese one became "------". The name is kept (an
# override by name is what a --catalog entry is for) with a warning naming
# the entry it replaces; Latin-1's accented letters lose their accent, and
# any other run of characters is one '-', none at either end, "model" when
# nothing is left.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for dir in gpt2 gpt-2 données 模型 "-My  Model (v2)"; do
	mkdir "$d/$dir" || exit 1
	grep -v '"_name_or_path"' tests/data/configs/gpt2-large.json >"$d/$dir/config.json"
	"$VRAMPLAN" import "$d/$dir" | sed -n 's/^- name: /name: /p'
done
# -q: no warning
"$VRAMPLAN" import -q "$d/gpt2" | sed -n 's/^- name: /name: /p'
# A name cut at 63 characters (VP_NAME_MAX - 1) ends before a '-' that has
# no room for a character after it: until 2026-11-30 the '-' went at 62,
# the 'b' at 63 and the terminating NUL past the name's buffer, and the
# 64-character entry would not load back.
long=$(printf '%062d' 0 | tr 0 a)
for dir in "$long b" "${long%a} b" "${long}aa"; do
	mkdir "$d/$dir" || exit 1
	grep -v '"_name_or_path"' tests/data/configs/gpt2-large.json >"$d/$dir/config.json"
	"$VRAMPLAN" import -q "$d/$dir" >"$d/e.yaml"
	sed -n 's/^- name: /name: /p' "$d/e.yaml"
	"$VRAMPLAN" list models --catalog "$d/e.yaml" >/dev/null
	echo "exit $?"
done
