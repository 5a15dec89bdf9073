#!/bin/sh
# The whole test suite under valgrind memcheck: every cmocka unit test, and
# every CLI test with each vramplan process wrapped in valgrind (see
# VP_VALGRIND in tests/cli/run-cli-test.sh). Any memory error or leak fails.
#   sh scripts/valgrind.sh BUILD_DIR
set -eu
build=${1:-build}
jobs=$(nproc 2>/dev/null || echo 2)
vg="valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect"
status=0
for t in "$build"/tests/test_*; do
	[ -x "$t" ] || continue
	if ! $vg "$t" >/dev/null 2>"$build/valgrind.log"; then
		echo "valgrind: $t failed" >&2
		cat "$build/valgrind.log" >&2
		status=1
	fi
done
echo "valgrind: unit tests done"
VP_VALGRIND=1 ctest --test-dir "$build" -R '^cli\.' --output-on-failure -j"$jobs" || status=1
exit $status
