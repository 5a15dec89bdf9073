# An option of `vramplan --help` that `vramplan check --help` does not list
# (plan's --batch, --explain, --profile, -o, ...) is refused by check with
# exit 2 and "does not apply to 'check'", as plan refuses estimate's --batch;
# one check lists is taken (the run goes on to the missing config, or its
# value's own check). Until 2026-11-30 check called them "unknown option",
# as it does a misspelt one, which stays so.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
optlines() {
	sed -n 's/^ \{2,8\}\(-[A-Za-z], \)\{0,1\}\(--[A-Za-z][A-Za-z0-9-]*\).*$/\2/p'
}
"$VRAMPLAN" --help | optlines | sort -u >"$d/all"
# check's help: its option lines, and the shorthands listed comma-separated
"$VRAMPLAN" check --help | grep -oE -- '(^|[ ,])--[a-z][a-z0-9-]*' | sed 's/^[ ,]*//' | sort -u >"$d/check"
refused=0 taken=0
while read -r opt; do
	"$VRAMPLAN" check "$opt=x" >/dev/null 2>"$d/err"
	rc=$?
	if grep -qxF -- "$opt" "$d/check"; then
		if grep -q "does not apply\|unknown option" "$d/err"; then
			echo "$opt: in check's help, but: $(head -1 "$d/err")"
		else
			taken=$((taken + 1))
		fi
	elif [ $rc -eq 2 ] && grep -q "^vramplan: check: option '$opt' does not apply to 'check'" "$d/err"; then
		refused=$((refused + 1))
	else
		echo "$opt: not in check's help, but (exit $rc): $(head -1 "$d/err")"
	fi
done <"$d/all"
echo "check: $taken options of vramplan --help taken, $refused refused as not applying"
# the short form, a cluster, and the hint for the batch
"$VRAMPLAN" check -o out.json x.yaml
"$VRAMPLAN" check -qo out.json x.yaml
"$VRAMPLAN" check x.yaml --batch 4
"$VRAMPLAN" check x.yaml --grad-accum=2
# what vramplan does not know is still unknown, with its nearest name
"$VRAMPLAN" check x.yaml --bogus
"$VRAMPLAN" check x.yaml --gpuu rtx3090
"$VRAMPLAN" check x.yaml -x
exit 0
