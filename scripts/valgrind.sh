#!/bin/sh
# The test suite under valgrind memcheck: every cmocka unit test, and every
# CLI test with each vramplan process wrapped in valgrind (see VP_VALGRIND in
# tests/cli/run-cli-test.sh) but five sweeps that rerun the same code paths
# over the whole catalogue or every profile: cli.import/round-trip,
# cli.sweep/all and the three profile round-trips took 326 of the 1,154 CPU
# seconds of the valgrind CLI tests (2026-11-29); and three loops that run
# check over many option combinations (shorthand-errors-named,
# ceilings-shared, deepspeed-offload-optimizer-section: 62 CPU seconds on
# 2026-11-30, when CI reached 14 of its 15 minutes), and the key audit
# (profiles/keys-audited: 41 setups under six profiles, 246 plans, about
# four minutes under valgrind, through the emitters the other profile tests
# run); and the shell completion tests (basic/completion and
# completion-zsh: about 60 and 90 runs of --help and list, code the other
# tests run). The plain and ASan+UBSan runs
# take them. Any memory error or leak fails.
#   sh scripts/valgrind.sh BUILD_DIR
# The unit tests run one after another in the background while ctest runs
# the CLI tests: test_properties alone takes about three minutes under
# valgrind on one core, and CI (.ci/run) must stay under 15 minutes on two.
set -eu
build=${1:-build}
jobs=$(nproc 2>/dev/null || echo 2)
vg="valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect"
logdir="$build/valgrind-logs"
rm -rf "$logdir"
mkdir -p "$logdir"

unit_tests() {
	failed=0
	for t in "$build"/tests/test_*; do
		[ -x "$t" ] || continue
		log="$logdir/$(basename "$t").log"
		if ! $vg "$t" >/dev/null 2>"$log"; then
			echo "valgrind: $t failed" >"$log.failed"
			failed=1
		fi
	done
	return $failed
}

unit_tests &
unit_pid=$!
status=0
VP_VALGRIND=1 ctest --test-dir "$build" -R '^cli\.' \
	-E '^cli\.(import/round-trip|sweep/all|basic/completion(-zsh)?|profiles/((multi-gpu|trl|llamafactory)-round-trip|keys-audited)|check/(shorthand-errors-named|ceilings-shared|deepspeed-offload-optimizer-section))$' \
	--output-on-failure -j"$jobs" || status=1
if ! wait "$unit_pid"; then
	for f in "$logdir"/*.failed; do
		cat "$f" >&2
		cat "${f%.failed}" >&2
	done
	status=1
fi
echo "valgrind: unit tests done"
exit $status
