# check's whole-number shorthands (--seq-len, --target-len, --lora-r, --gpus,
# --zero, --num-labels, --nodes, --texts-per-example) read their value as
# plan's options of the same name do: decimal digits, nothing else, within
# plan's bounds, with plan's message. Until 2026-11-30 they went through
# --set's YAML reading, so `check --seq-len 010` checked 8 tokens (YAML
# 1.1's octal, with a warning at "FILE:0:0") where `plan --seq-len 010`
# plans 10, and 0x200, +512, " 7" and 1_024 were taken by check and refused
# by plan. --set KEY=VALUE still reads its value as YAML does (docs/check.md).
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'model_name_or_path: gpt2\nper_device_train_batch_size: 2\nvramplan:\n  gpu: a100-80gb\n' >"$d/c.yaml"
for v in 512 010 0x200 +512 ' 7' '7 ' 1_024 '' abc -1 0 4294967297; do
	p=$("$VRAMPLAN" --model gpt2 --gpu a100-80gb --seq-len "$v" 2>&1 >"$d/plan")
	prc=$?
	c=$("$VRAMPLAN" check "$d/c.yaml" --seq-len "$v" -v 2>&1 >/dev/null)
	crc=$?
	if [ $prc -eq 0 ]; then
		p=$(sed -n 's/^# setup: \(seq-len [0-9]*\),.*/\1/p' "$d/plan")
		c=$(printf '%s\n' "$c" | sed -n 's/.*: hf config, model gpt2, \(seq-len [0-9]*\),.*/\1/p')
	fi
	# a plan that runs against a check that runs (fits or not)
	same=0
	if [ "$p" = "$c" ]; then
		if [ $prc -eq $crc ] || { [ $prc -eq 0 ] && [ $crc -le 1 ]; }; then
			same=1
		fi
	fi
	if [ $same -eq 1 ]; then
		echo "'$v': plan and check alike: exit $prc, $p"
	else
		echo "'$v': plan exit $prc: $p"
		echo "'$v': check exit $crc: $c"
	fi
done
# every other whole-number shorthand, past plan's bound and in hex
for o in --target-len --lora-r --gpus --zero --num-labels --nodes --texts-per-example; do
	for v in 0x10 4294967297; do
		p=$("$VRAMPLAN" --model gpt2 --gpu a100-80gb -q $o "$v" 2>&1 >/dev/null)
		c=$("$VRAMPLAN" check "$d/c.yaml" -q $o "$v" 2>&1 >/dev/null)
		crc=$?
		[ "$p" = "$c" ] && echo "$o '$v': exit $crc, as plan: $c" || printf '%s\n' "$o '$v': plan: $p" "$o '$v': check: $c"
	done
done
# --set reads YAML, as a config's block does: 010 is octal there, and said
"$VRAMPLAN" check "$d/c.yaml" --set seq_len=010 2>&1 >/dev/null | grep -o "seq_len: 010 is octal.*"
