#!/bin/sh
# The test suite under valgrind memcheck: every cmocka unit test, and every
# CLI test with its vramplan and vramplan-accuracy processes sampled: the
# 1st, 4th, 16th, 64th, ... of each run under valgrind, the rest as they are
# (VP_VALGRIND=1 in tests/cli/run-cli-test.sh; VP_VALGRIND=all wraps every
# process). valgrind's start costs 0.5 s a process whatever the program
# does, and wrapping all of them took 1,118 CPU seconds and 9 of CI's 15
# minutes on 2026-11-30, most of it in tests that loop over dozens of
# option combinations; the ASan+UBSan run takes every process. Two tests
# are left out, each about a minute under valgrind through code the other
# tests run: cli.sweep/all, a single process that plans every model on
# every GPU, and cli.hostile/catalog-many-entries, the loader fed 4,097
# entries (57 s under valgrind on 2026-11-30, when CI took 13 of its 15
# minutes). Any memory error or leak fails.
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
	-E '^cli\.(sweep/all|hostile/catalog-many-entries)$' \
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
