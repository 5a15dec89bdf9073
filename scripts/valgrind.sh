#!/bin/sh
# Run every unit test and a sample of CLI commands under valgrind memcheck;
# any error or leak fails. Usage: sh scripts/valgrind.sh BUILD_DIR
set -eu
build=${1:-build}
vg="valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect"
status=0
for t in "$build"/tests/test_*; do
	[ -x "$t" ] || continue
	if ! $vg "$t" >/dev/null 2>"$build/valgrind.log"; then
		echo "valgrind: $t failed" >&2; cat "$build/valgrind.log" >&2; status=1
	fi
done
run() {
	# exit codes 0-3 are the program's own; 99 is valgrind's
	set +e
	$vg "$build/vramplan" "$@" >/dev/null 2>"$build/valgrind.log"
	rc=$?
	set -e
	if [ $rc -eq 99 ]; then echo "valgrind: vramplan $* failed" >&2; cat "$build/valgrind.log" >&2; status=1; fi
}
run --model mt5 --gpu rtx3090
run --model mt5 --gpu rtx3090 --format json
run estimate --model llama-3.2-3b --gpu a100-40gb --batch 4 --method qlora --grad-ckpt
run list models
run list gpus
run --model no-such-model --gpu rtx3090
run --model llama-2-7b --gpu t4 --precision fp32
run import tests/data/configs/mt5-base.json
set +e
$vg "$build/vramplan-accuracy" --cases tests/data/groundtruth/cases.yaml >/dev/null 2>"$build/valgrind.log"
[ $? -eq 99 ] && { echo "valgrind: vramplan-accuracy failed" >&2; cat "$build/valgrind.log" >&2; status=1; }
set -e
exit $status
