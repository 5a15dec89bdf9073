# Each command's help against its parser. `vramplan COMMAND --help` lists
# the options of src/cli/main.c's table that apply to COMMAND, and
# vp_cli_parse refuses the others ("option '--x' does not apply to 'y'"):
# this runs every option of `vramplan --help` with each of plan, estimate,
# sweep, list and import. An option the command's help lists must be taken
# (the run stops at the command's own usage error, as a missing --model, so
# nothing is planned); one it leaves out must be refused with "does not
# apply". Each value given is one the option takes, so a refusal is the
# applicability's, not the value's (the parser reads the values first). A
# help listing an option the full help does not is reported too.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
status=0

# "--name ARG" (ARG the placeholder, or nothing) per option line of a help:
# "  -m, --model M", "      --seq-len N", "      --grad-ckpt"
optlines() {
	sed -n 's/^ \{2,8\}\(-[A-Za-z], \)\{0,1\}\(--[A-Za-z][A-Za-z0-9-]*\)\( [A-Z][A-Z_]*\)\{0,1\}\( .*\)\{0,1\}$/\2\3/p'
}
# a value option $1 (placeholder $2) takes
value() {
	case $1 in
	--model) echo mt5 ;;
	--gpu) echo rtx3090 ;;
	--catalog) echo "$d/catalog.yaml" ;;
	--output) echo "$d/out" ;;
	--precision) echo amp-bf16 ;;
	--method) echo lora ;;
	--lora-dropout) echo 0.1 ;;
	--lora-targets) echo all-linear ;;
	--quant) echo nf4 ;;
	--optimizer) echo adamw ;;
	--attn) echo sdpa ;;
	--head) echo causal-lm ;;
	--loss) echo standard ;;
	--offload-optimizer | --offload-param) echo cpu ;;
	--bnb-version) echo 0.45.0 ;;
	--torch-version) echo 2.5 ;;
	--eval-predictions) echo logits ;;
	--format) echo json ;;
	--profile) echo hf ;;
	*)
		case $2 in
		N) echo 1 ;;
		SIZE) echo 1GiB ;;
		F) echo 0.5 ;;
		*) return 1 ;;
		esac
		;;
	esac
}

"$VRAMPLAN" --help | optlines >"$d/all"
[ -s "$d/all" ] || { echo "no option in vramplan --help"; exit 1; }
for cmd in plan estimate sweep list import; do
	"$VRAMPLAN" $cmd --help | optlines >"$d/listed"
	if cmp -s "$d/all" "$d/listed"; then
		echo "$cmd --help: every option of vramplan --help"
		status=1
	fi
	# listed, not in the full help (or with another placeholder)
	grep -vxF -f "$d/all" "$d/listed" | sed "s/^/$cmd --help: not in vramplan --help: /"
	grep -qvxF -f "$d/all" "$d/listed" && status=1
	# sweep would run without a usage error: an operand it does not take
	extra=
	[ $cmd = sweep ] && extra=x
	taken=0 refused=0
	while read -r opt arg; do
		set -- "$opt"
		if [ -n "$arg" ]; then
			if ! v=$(value "$opt" "$arg"); then
				echo "$opt $arg: no value to give it (add one to value())"
				status=1
				continue
			fi
			set -- "$opt" "$v"
		fi
		"$VRAMPLAN" $cmd "$@" $extra >/dev/null 2>"$d/err"
		rc=$?
		if grep -qxF -- "$opt${arg:+ $arg}" "$d/listed"; then
			# its own usage error, or --help's and --version's exit 0
			if [ $rc -eq 0 ] || grep -qE "^vramplan: (missing --|missing the config|list what|unexpected argument 'x')" "$d/err"; then
				taken=$((taken + 1))
			else
				echo "$cmd $*: listed in its help, but: $(head -1 "$d/err") (exit $rc)"
				status=1
			fi
		# the message may go on to say where the option does apply
		# (plan's --batch: estimate)
		elif [ $rc -eq 2 ] && grep -q "^vramplan: option '$opt' does not apply to '$cmd'\(\$\|, \)" "$d/err"; then
			refused=$((refused + 1))
		else
			echo "$cmd $*: not in its help, but not refused as not applying: $(head -1 "$d/err") (exit $rc)"
			status=1
		fi
	done <"$d/all"
	echo "$cmd: $taken options listed and taken, $refused left out and refused"
done
exit $status
