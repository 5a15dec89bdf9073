# The man pages (docs/vramplan.1, docs/vramplan-accuracy.1) against the
# programs' own help: every option that a help names is in its page, and no
# page names an option that its help does not (an option renamed or removed
# in the C would otherwise live on in the page). vramplan.1's OPTIONS section
# is held to `vramplan --help`, its CHECK OPTIONS section to
# `vramplan check --help`, the whole page to the two together. An option is
# a word that begins with - or -- and a letter, after a space, a bracket or
# a quote (so amp-bf16 and nf4-dq are not). The pages write hyphens as \-
# (roff's minus, which renders as the ASCII hyphen-minus a shell takes): a
# bare - before an option's letter is reported too. Where groff is installed
# each page is rendered with every warning on, and any warning fails;
# "rendered" is printed either way, so that the expected output does not
# depend on groff. The .TH version must be the one --version prints.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
status=0
fail() {
	echo "$1"
	status=1
}

# the options a text names, one a line, sorted
opts() {
	grep -oE -- '(^|[^A-Za-z0-9_-])--?[A-Za-z][A-Za-z0-9-]*' | sed 's/^[^-]*//' | LC_ALL=C sort -u
}
# a page's text without comments, escapes made plain, $2 = section or "" (all)
page_text() {
	awk -v want="$2" '
		/^\.\\"/ { next }
		/^\.SH/ { sec = $0; sub(/^\.SH[ \t]+/, "", sec); gsub(/"/, "", sec) }
		want == "" || sec == want' "$1" |
		sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\(aq/'"'"'/g' -e 's/\\(dq/"/g' -e 's/\\e/\\/g'
}
# $1 label, $2 the help's options, $3 the page's (or section's) options
compare() {
	LC_ALL=C comm -23 "$2" "$3" | while IFS= read -r o; do echo "$1: missing $o"; done
	LC_ALL=C comm -13 "$2" "$3" | while IFS= read -r o; do echo "$1: not in the help: $o"; done
}

"$VRAMPLAN" --help | opts >"$d/main"
"$VRAMPLAN" check --help | opts >"$d/check"
"$VRAMPLAN_ACCURACY" --help | opts >"$d/accuracy"
LC_ALL=C sort -u "$d/main" "$d/check" >"$d/both"
for f in main check accuracy; do
	[ -s "$d/$f" ] || fail "no option found in the $f help"
done

page_text docs/vramplan.1 OPTIONS | opts >"$d/p-options"
page_text docs/vramplan.1 "CHECK OPTIONS" | opts >"$d/p-check"
page_text docs/vramplan.1 "" | opts >"$d/p-all"
page_text docs/vramplan-accuracy.1 "" | opts >"$d/p-accuracy"
compare "vramplan.1 OPTIONS" "$d/main" "$d/p-options" >"$d/out"
compare "vramplan.1 CHECK OPTIONS" "$d/check" "$d/p-check" >>"$d/out"
LC_ALL=C comm -13 "$d/both" "$d/p-all" | while IFS= read -r o; do echo "vramplan.1: not in either help: $o"; done >>"$d/out"
compare "vramplan-accuracy.1" "$d/accuracy" "$d/p-accuracy" >>"$d/out"
if [ -s "$d/out" ]; then
	cat "$d/out"
	status=1
fi
echo "vramplan.1 OPTIONS: the options of vramplan --help"
echo "vramplan.1 CHECK OPTIONS: the options of vramplan check --help"
echo "vramplan-accuracy.1: the options of vramplan-accuracy --help"

for page in docs/vramplan.1 docs/vramplan-accuracy.1; do
	name=${page#docs/}
	# an option written with a bare hyphen (renders as U+2010 under -Tutf8)
	grep -nE -- '(^|[^\\A-Za-z0-9_-])--?[A-Za-z]' "$page" | grep -v '^[0-9]*:\.\\"' |
		sed "s|^|$name: bare hyphen: |" >"$d/bare"
	[ -s "$d/bare" ] && fail "$(cat "$d/bare")"
	LC_ALL=C grep -n '[^ -~]' "$page" | sed "s|^|$name: not ASCII: |" >"$d/ascii"
	[ -s "$d/ascii" ] && fail "$(cat "$d/ascii")"
	if command -v groff >/dev/null 2>&1; then
		groff -man -Tutf8 -ww -z "$page" >"$d/warn" 2>&1
		[ -s "$d/warn" ] && fail "$name: groff: $(cat "$d/warn")"
	fi
	echo "$name: rendered"
done

th() { sed -n 's/^\.TH .*"vramplan \([^"]*\)".*/\1/p' "$1"; }
v=$("$VRAMPLAN" --version | sed -n '1s/^vramplan //p')
[ "$(th docs/vramplan.1)" = "$v" ] || fail "vramplan.1: .TH says '$(th docs/vramplan.1)', vramplan --version '$v'"
v=$("$VRAMPLAN_ACCURACY" --version | sed -n '1s/^vramplan-accuracy //p')
[ "$(th docs/vramplan-accuracy.1)" = "$v" ] ||
	fail "vramplan-accuracy.1: .TH says '$(th docs/vramplan-accuracy.1)', vramplan-accuracy --version '$v'"
echo "both pages: .TH version is --version's"
exit $status
