# bash completion for vramplan                             -*- shell-script -*-
#
# Completes the commands, the long options of the command being completed
# (those it takes, as its own --help lists them; before a command word,
# all of them), the catalogue's model and GPU names after --model and
# --gpu, the fixed values of --precision, --method, --quant and the others,
# and file names where vramplan reads or writes a file (check FILE...,
# import CONFIG.json, --catalog, -o; --model, which also takes a config.json
# or its directory, gets the names and the files).
#
# Nothing here goes stale when vramplan changes: every completion runs
# vramplan itself. The options offered come from `vramplan COMMAND --help`,
# which lists only the options COMMAND takes (`vramplan --help` before a
# command is typed); which options take a value from `vramplan --help` and
# `vramplan check --help`, as vramplan reads options before or after the
# command word against its whole table; the names from
# `vramplan list models|gpus --format json`, so catalogues named by
# $VRAMPLAN_CATALOG, and by --catalog on the line being completed, are
# included. The one thing written here is the table of fixed values below,
# which tests/cli/basic/completion.sh holds to --help.
#
# The program run is $VRAMPLAN_COMPLETION_PROG when set, else the command
# word being completed: `build/vramplan --gpu <TAB>` asks that build.
#
# Needs bash 4 and nothing else (no bash-completion package). Installed as
# share/bash-completion/completions/vramplan, where bash-completion loads it
# on first use; without that package: source it from ~/.bashrc.

# The fixed values: "OPTION VALUE...", "check:OPTION" where check's differ,
# and "list:" for the word after `list`. Each option's values are those its
# --help names, in the help's order (tests/cli/basic/completion.sh).
_vramplan_sets='--precision fp32 amp-fp16 amp-bf16 bf16 fp16
--method full lora qlora frozen
--quant nf4 nf4-dq int8 gptq-int4 none
--optimizer adamw adamw-fused adamw-8bit adamw-8bit-ao adamw-4bit paged-adamw paged-adamw-8bit adafactor sgd sgd-momentum lion none
--attn eager sdpa flash2
--head causal-lm seq2seq-lm masked-lm sequence-classification token-classification encoder
--loss standard chunked
--format yaml json
check:--format text json
list:--format table json
sweep:--format table json
--profile hf lightning deepspeed axolotl llamafactory trl
--eval-predictions logits argmax none
--offload-optimizer cpu none
--offload-param cpu none
list: models gpus'

_vramplan_commands=(plan estimate sweep list import check)

# The values of option $1 under command $2 (check's own first), one a
# line; nothing, and status 1, for an option without a fixed set.
# `_vramplan_values "" list` gives the words after `list`.
_vramplan_values()
{
	local k
	local -a f
	for k in ${2:+"$2:$1"} "$1"; do
		while read -ra f; do
			if [[ ${f[0]-} == "$k" ]]; then
				printf '%s\n' "${f[@]:1}"
				return 0
			fi
		done <<<"$_vramplan_sets"
	done
	return 1
}

# The options a --help ($1, its text) describes, one a line as
# "NAME ARG", ARG the value's placeholder (M, FILE, N) or "-" for a flag.
# An option's line is indented at most 8 columns (descriptions are further
# in); on it, options ("-m," "--model" "--attn A,") and placeholders (all
# capitals) run until the first other word, where the description begins.
_vramplan_help_options()
{
	awk '
	function put(arg) {
		if (long != "")
			print long " " arg
		if (short != "")
			print short " " arg
		long = short = ""
	}
	match($0, /^ +-/) && RLENGTH <= 9 {
		long = short = ""
		for (i = 1; i <= NF; i++) {
			w = $i
			sub(/,$/, "", w)
			if (w ~ /^-[A-Za-z]$/) {
				if (long != "")
					put("-")
				short = w
			} else if (w ~ /^--[A-Za-z][A-Za-z0-9-]*$/) {
				if (long != "")
					put("-")
				long = w
			} else if (w ~ /^[A-Z][A-Z0-9_=]*$/) {
				if (long != "" || short != "")
					put(w)
			} else
				break
		}
		if (long != "" || short != "")
			put("-")
	}' <<<"$1"
}

# The primary names `vramplan list $2` prints as JSON ($1 the program, the
# rest --catalog FILE pairs, dropped if they fail); vramplan takes the
# aliases too, but the list stays short without them.
_vramplan_names()
{
	local prog=$1 what=$2 out
	shift 2
	out=$("$prog" "$@" list "$what" --format json 2>/dev/null) ||
		out=$("$prog" list "$what" --format json 2>/dev/null) || return
	# each entry's "name": the key at the start of its line (cJSON's
	# formatted output, src/cli/cmd_list.c)
	sed -n 's/^[[:space:]]*"name":[[:space:]]*"\([^"]*\)".*/\1/p' <<<"$out"
}

# COMPREPLY += the words among $2... that begin with $1
_vramplan_add()
{
	local cur=$1 w
	shift
	for w; do
		[[ $w == "$cur"* ]] && COMPREPLY+=("$w")
	done
}

_vramplan_files()
{
	local f
	compopt -o filenames 2>/dev/null
	while IFS= read -r f; do
		COMPREPLY+=("$f")
	done < <(compgen -f -- "$1")
}

# "NAME ARG" of option $1 in either help (the caller's mainopts and
# checkopts): its exact name, else a long prefix that names one option, as
# getopt_long takes "--mod" for --model; nothing when unknown or ambiguous.
_vramplan_lookup()
{
	local o n found=''
	for o in "${mainopts[@]}" "${checkopts[@]}"; do
		n=${o%% *}
		if [[ $n == "$1" ]]; then
			printf '%s' "$o"
			return
		fi
		if [[ $1 == --?* && $n == "$1"* && ${found%% *} != "$n" ]]; then
			[[ -n $found ]] && found=ambiguous || found=$o
		fi
	done
	[[ $found != ambiguous ]] && printf '%s' "$found"
}

# The option of short cluster $1 ("-qg", "-o") that takes the next word as
# its value: a value-taking option before the end takes the rest of the
# cluster instead (as short_value_last in src/cli/main.c).
_vramplan_short_last()
{
	local m o
	for ((m = 1; m < ${#1}; m++)); do
		o=$(_vramplan_lookup "-${1:m:1}")
		if [[ -n $o && ${o#* } != - ]]; then
			((m == ${#1} - 1)) && printf '%s' "-${1:m:1}"
			return
		fi
	done
}

_vramplan()
{
	local cword=$COMP_CWORD cur=${COMP_WORDS[COMP_CWORD]} prog
	local -a words=("${COMP_WORDS[@]}") cats=() mainopts checkopts v
	local i w o cmd='' npos=0 dashdash='' opt='' pfx=''
	COMPREPLY=()

	prog=${VRAMPLAN_COMPLETION_PROG:-${words[0]}}
	[[ $prog == \~/* ]] && prog=$HOME/${prog#\~/}
	command -v "$prog" >/dev/null 2>&1 || return 0

	mapfile -t mainopts < <(_vramplan_help_options "$("$prog" --help 2>/dev/null)")
	mapfile -t checkopts < <(_vramplan_help_options "$("$prog" check --help 2>/dev/null)")

	# Walk the words before the cursor as vramplan does (hoist_command in
	# src/cli/main.c): the command is the first word that is neither an
	# option nor an option's value, and options may come before it.
	for ((i = 1; i < cword; i++)); do
		w=${words[i]}
		if [[ -n $dashdash || $w != -?* ]]; then
			if [[ -z $cmd ]]; then
				cmd=$w
			else
				((npos++))
			fi
		elif [[ $w == -- ]]; then
			dashdash=1
		elif [[ $w == --* ]]; then
			[[ $w == *=* ]] && continue
			o=$(_vramplan_lookup "$w")
			[[ -z $o || ${o#* } == - ]] && continue
			# "--catalog=FILE" comes as three words: = splits words
			# (COMP_WORDBREAKS)
			[[ ${words[i + 1]} == = ]] && ((i++))
			((i++))
			[[ ${o%% *} == --catalog ]] && ((i < cword)) && cats+=(--catalog "${words[i]/#\~\//$HOME/}")
		elif [[ -n $(_vramplan_short_last "$w") ]]; then
			((i++))
		fi
	done

	# the option whose value is under the cursor: "--gpu X", "--gpu=X" as
	# three words, or "--gpu=X" as one where COMP_WORDBREAKS lacks the =
	if [[ -z $dashdash ]]; then
		w=${words[cword - 1]}
		if [[ $cur == = && $w == --?* ]]; then
			opt=$w cur=''
		elif [[ $w == = && ${words[cword - 2]} == --?* ]]; then
			opt=${words[cword - 2]}
		elif [[ $cur == --*=* ]]; then
			opt=${cur%%=*} pfx=${cur%%=*}= cur=${cur#*=}
		elif ((cword > 1)) && [[ $w == --?* && $w != *=* ]]; then
			opt=$w
		elif ((cword > 1)) && [[ $w == -[!-]* ]]; then
			opt=$(_vramplan_short_last "$w")
		fi
		o=$(_vramplan_lookup "$opt")
		opt=''
		[[ -n $o && ${o#* } != - ]] && opt=${o%% *}
	fi

	if [[ -n $opt ]]; then
		case $opt in
		--model | -m)
			mapfile -t v < <(_vramplan_names "$prog" models "${cats[@]}")
			_vramplan_add "$cur" "${v[@]}"
			_vramplan_files "$cur"
			;;
		--gpu | -g)
			mapfile -t v < <(_vramplan_names "$prog" gpus "${cats[@]}")
			_vramplan_add "$cur" "${v[@]}"
			;;
		--catalog | --output | -o)
			_vramplan_files "$cur"
			;;
		*)
			mapfile -t v < <(_vramplan_values "$opt" "$cmd")
			_vramplan_add "$cur" "${v[@]}"
			;;
		esac
	elif [[ -z $dashdash && $cur == -* ]]; then
		# the long options the command takes: its own help's (vramplan
		# refuses the others: "option '--batch' does not apply to
		# 'plan'"); before a command word, or after a word that is
		# none, the main help's
		if [[ $cmd == check ]]; then
			v=("${checkopts[@]}")
		elif [[ -n $cmd && " ${_vramplan_commands[*]} " == *" $cmd "* ]]; then
			mapfile -t v < <(_vramplan_help_options "$("$prog" "$cmd" --help 2>/dev/null)")
		else
			v=("${mainopts[@]}")
		fi
		for w in "${v[@]}"; do
			w=${w%% *}
			[[ $w == --* && $w == "$cur"* ]] && COMPREPLY+=("$w")
		done
	elif [[ -z $cmd ]]; then
		_vramplan_add "$cur" "${_vramplan_commands[@]}"
	else
		case $cmd in
		list)
			if ((npos == 0)); then
				mapfile -t v < <(_vramplan_values "" list)
				_vramplan_add "$cur" "${v[@]}"
			fi
			;;
		import)
			((npos == 0)) && _vramplan_files "$cur"
			;;
		check)
			_vramplan_files "$cur"
			;;
		esac
	fi

	[[ -n $pfx ]] && COMPREPLY=("${COMPREPLY[@]/#/$pfx}")
	return 0
}

complete -F _vramplan vramplan
