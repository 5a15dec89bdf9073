# Quoted keys holding a newline or an escape character: the ignored-key
# warnings (the nested-size and other-tool hints among them) and the
# "ignored keys:" list show them as '?', as a file name's control characters
# are (check-newline-file-name.sh), so no diagnostic spans two lines or sends
# the terminal an escape sequence. Until 2026-11-29 they printed raw: the
# key "e\nf" split its warning over two lines. The JSON output keeps the
# key, escaped.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
printf '%s\n' 'model_name_or_path: gpt2' 'per_device_train_batch_size: 2' \
	'"a\nb": 1' '"c\ed":' '  x: 1' '"e\nf":' '  per_device_train_batch_size: 4' \
	'"g\nh":' '  batch_size: 4' >"$d/c.yaml"
cd "$d" || exit 1
timeout 60 "$VRAMPLAN" check --gpu a10g c.yaml 2>&1 >/dev/null | grep -E "ignored" | tr '\033' 'E'
# every line of stderr is a diagnostic of its own
timeout 60 "$VRAMPLAN" check --gpu a10g c.yaml 2>&1 >/dev/null | grep -vc '^vramplan: '
timeout 60 "$VRAMPLAN" check --gpu a10g --format json c.yaml 2>/dev/null | grep -F '"key":	"a\nb"' | tr -d '\t'
