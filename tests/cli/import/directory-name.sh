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
