# The bash completion, contrib/completion/vramplan.bash: its function
# _vramplan, called as bash calls it (COMP_WORDS, COMP_CWORD, COMP_LINE,
# COMP_POINT) on a set of command lines, prints what it offers (sorted; the
# count and the first eight). Then the script against the program:
#  - the options offered after "--" are those each help lists: a command's
#    own (`vramplan estimate --help`, only what estimate takes), the main
#    help's before a command word;
#  - every GPU name that `vramplan list gpus` prints is offered;
#  - each fixed value set written in the script (_vramplan_sets) is the set
#    of values the help names for that option: the values the program
#    accepts (from its error for a bogus value: "expected one of: ...")
#    that the option's help text names as a word. A value the program
#    accepts and the help does not name (--quant none) is printed, and is
#    left out of the completion: the help is the user's list.
# In bash --norc: nothing from the bash-completion package is loaded.
# Runs vramplan about 90 times (twice per completion, for the two helps,
# and once more for a command's own help where its options are completed):
# left out of scripts/valgrind.sh.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cat >"$d/t.bash" <<'EOF'
set -u
source contrib/completion/vramplan.bash || exit 1
complete -p vramplan

# complete the line $1 (cursor at its end), splitting words as bash does
# with the default COMP_WORDBREAKS for these lines: at blanks and around =
setline() {
	local line=$1
	read -ra COMP_WORDS <<<"${line//=/ = }"
	[[ $line == *' ' ]] && COMP_WORDS+=("")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) COMP_LINE=$line COMP_POINT=${#line}
}
c() {
	local line=$1
	setline "$line"
	_vramplan
	printf '%s<TAB> -> %d: %s\n' "$line" ${#COMPREPLY[@]} \
		"$(printf '%s\n' ${COMPREPLY[@]+"${COMPREPLY[@]}"} | sort | head -8 | tr '\n' ' ')"
}

# the program is the command word itself
COMP_WORDS=("$VRAMPLAN" che) COMP_CWORD=1 COMP_LINE="$VRAMPLAN che" COMP_POINT=${#COMP_LINE}
_vramplan
echo "\$VRAMPLAN che<TAB> -> ${COMPREPLY[*]}"

export VRAMPLAN_COMPLETION_PROG=$VRAMPLAN
c 'vramplan '
c 'vramplan che'
c 'vramplan --mod'
c 'vramplan --model mt'
c 'vramplan --mod mt5-'
c 'vramplan -m tests/data/trainconfig/good/hf-f'
c 'vramplan --gpu rtx30'
c 'vramplan -qg rtx40'
c 'vramplan --gpu=h1'
c 'vramplan --precision a'
c 'vramplan --precision='
c 'vramplan --quant '
c 'vramplan --format '
c 'vramplan --offload-param '
c 'vramplan --seq-len '
c 'vramplan --grad-ckpt '
c 'vramplan --g'
# each command offers only the options it takes (its own --help's):
# estimate no --max-batch, plan no --batch (estimate's), sweep no --explain
c 'vramplan --ba'
c 'vramplan --ma'
c 'vramplan estimate --ma'
c 'vramplan plan --ba'
c 'vramplan -q sweep --ex'
c 'vramplan list --'
c 'vramplan --catalog tests/data/cli/lab-gpu.yaml list gpus --'
c 'vramplan import --'
c 'vramplan check --g'
c 'vramplan check x.yaml --format '
# list and sweep print a table or JSON, not YAML
c 'vramplan list gpus --format '
c 'vramplan sweep --format '
c 'vramplan check tests/data/trainconfig/good/hf-'
c 'vramplan check --gpu rtx3090 tests/data/trainconfig/good/lf'
c 'vramplan list '
c 'vramplan -v list g'
c 'vramplan list models '
c 'vramplan import tests/data/trainconfig/good/deepspeed-'
c 'vramplan sweep -o tests/data/cli/lab'
c 'vramplan --catalog tests/data/cli/lab-gpu.yaml --gpu la'
VRAMPLAN_CATALOG=tests/data/cli/lab-gpu.yaml c 'vramplan check --gpu la'

# the options offered: each help's. The main help and check's name no
# option they do not take (check's lists several on a line): every --word
# of their text. A command's help names others in its text (plan's
# --seq-len: "--batch (estimate)"): the long names its option lines begin
# with ("  -m, --model M", "      --seq-len N"), one a line as
# src/cli/main.c prints them.
opts() {
	case $1 in
	"" | check) grep -oE -- '(^|[^A-Za-z0-9_-])--[A-Za-z][A-Za-z0-9-]*' | sed 's/^[^-]*//' | sort -u ;;
	*) sed -n 's/^ \{2,8\}\(-[A-Za-z], \)\{0,1\}\(--[A-Za-z][A-Za-z0-9-]*\).*/\2/p' | sort -u ;;
	esac
}
c1() {
	setline "$1"
	_vramplan
	printf '%s\n' "${COMPREPLY[@]}" | sort
}
for cmd in "" plan estimate sweep list import check; do
	c1 "vramplan $cmd --" >"$TMPDIR/offered"
	"$VRAMPLAN" $cmd --help | opts "$cmd" >"$TMPDIR/help"
	if cmp -s "$TMPDIR/offered" "$TMPDIR/help"; then
		echo "vramplan ${cmd:+$cmd }--<TAB>: the $(wc -l <"$TMPDIR/help") long options of its help"
	else
		echo "vramplan ${cmd:+$cmd }--<TAB>: not its help's options:"
		diff "$TMPDIR/help" "$TMPDIR/offered"
	fi
done
c1 'vramplan --gpu ' >"$TMPDIR/offered"
"$VRAMPLAN" list gpus | awk 'NR > 1 { print $1 }' | sort >"$TMPDIR/listed"
missing=$(comm -23 "$TMPDIR/listed" "$TMPDIR/offered" | tr '\n' ' ')
echo "vramplan --gpu <TAB>: $(wc -l <"$TMPDIR/offered") names, of $(wc -l <"$TMPDIR/listed") listed${missing:+; missing: $missing}"

# each fixed set against the help
main_help=$("$VRAMPLAN" --help)
check_help=$("$VRAMPLAN" check --help)
while read -r key values; do
	case $key in
	list:)
		err=$("$VRAMPLAN" list bogus-value 2>&1)
		text=$(grep -E '^ +vramplan list ' <<<"$main_help" | tr '|' ' ')
		;;
	check:*)
		err=$("$VRAMPLAN" check "${key#check:}" bogus-value x.yaml 2>&1)
		help=$check_help
		;;
	list:* | sweep:*)
		# a command's own values, held to that command's help
		err=$("$VRAMPLAN" "${key%%:*}" "${key#*:}" bogus-value 2>&1)
		help=$("$VRAMPLAN" "${key%%:*}" --help)
		;;
	*)
		err=$("$VRAMPLAN" --model gpt2 --gpu rtx3090 "$key" bogus-value 2>&1)
		help=$main_help
		;;
	esac
	# the option's text: its line to the next option's, a blank line or
	# a heading
	[[ $key != list: ]] && text=$(awk -v o="${key#*:}" '
		match($0, /^ +-/) && RLENGTH <= 9 {
			on = 0
			for (i = 1; i <= NF; i++) { f = $i; sub(/,$/, "", f); if (f == o) on = 1 }
		}
		/^[^ ]/ || /^$/ { on = 0 }
		on' <<<"$help")
	# what the program accepts: "expected one of: a, b, c)", "expected
	# 'a' or 'b'", "must be a or b, not 'x'"
	accepted=$(sed -n -e 's/.*expected \(one of: \)\{0,1\}\([^)]*\).*/\2/p' \
		-e "s/.*must be \(.*\), not '.*/\1/p" <<<"$err" |
		sed -e 's/ or /, /g' -e "s/'//g" | tr -d ' ' | tr ',' '\n' | sort -u)
	[[ -n $accepted ]] || { echo "$key: no accepted values in: $err"; continue; }
	words=$(tr -c 'A-Za-z0-9-' '\n' <<<"$text" | sort -u)
	named=$(comm -12 <(echo "$accepted") <(echo "$words"))
	script=$(printf '%s\n' $values | sort -u)
	if [[ $script == "$named" ]]; then
		echo "${key%:}: $values"
	else
		echo "${key%:}: the script has $(echo $script), the help names $(echo $named)"
	fi
	unnamed=$(comm -23 <(echo "$accepted") <(echo "$named") | tr '\n' ' ')
	if [[ -n $unnamed ]]; then
		echo "${key%:}: accepted, not in the help: $unnamed"
	fi
done <<<"$_vramplan_sets"
EOF
bash --norc --noprofile "$d/t.bash" </dev/null
