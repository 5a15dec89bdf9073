#!/bin/sh
# Run one CLI test script and compare its stdout, stderr and exit code with
# the expectation files beside it. Usage:
#   run-cli-test.sh SCRIPT VRAMPLAN_BINARY ACCURACY_BINARY SOURCE_DIR
# The script runs in SOURCE_DIR (so it can name examples/, models/, tests/data)
# with $VRAMPLAN and $VRAMPLAN_ACCURACY set. Set VP_UPDATE_GOLDEN=1 to rewrite
# the expectation files from the current output.
script=$1
VRAMPLAN=$2
VRAMPLAN_ACCURACY=$3
src=$4
export VRAMPLAN VRAMPLAN_ACCURACY
# Diagnostics must not depend on the caller's environment.
unset VRAMPLAN_CATALOG GITHUB_ACTIONS
export NO_COLOR=1 LC_ALL=C

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# VP_VALGRIND runs the test's vramplan and vramplan-accuracy processes under
# valgrind memcheck: an error or a leak exits 99, which no expectation
# allows, and valgrind's report lands in the compared stderr. VP_VALGRIND=all
# wraps every process; VP_VALGRIND=1 the 1st, 4th, 16th, 64th, ... of each
# program in the test (the others run as they are): valgrind's start alone
# costs 0.5 s a process on CI's machine, whatever the program does, and the
# loops over dozens of option combinations that many tests are put CI past
# its 15 minutes (2026-11-30: 1,118 CPU seconds for the CLI tests, most of
# them in the later runs of such loops). The ASan+UBSan run takes every
# process. The count is read and written under a lock taken with mkdir,
# which is atomic, so two processes of one pipeline never take one number.
if [ -n "${VP_VALGRIND:-}" ]; then
	for tool in VRAMPLAN VRAMPLAN_ACCURACY; do
		eval "real=\$$tool"
		mkdir "$tmp/slots-$tool" || exit 1
		cat >"$tmp/$tool" <<EOF
#!/bin/sh
while ! mkdir "$tmp/slots-$tool/lock" 2>/dev/null; do :; done
n=0
if [ -f "$tmp/slots-$tool/n" ]; then read -r n <"$tmp/slots-$tool/n"; fi
n=\$((n + 1))
echo "\$n" >"$tmp/slots-$tool/n"
rmdir "$tmp/slots-$tool/lock"
case $VP_VALGRIND:\$n in
all:* | *:1 | *:4 | *:16 | *:64 | *:256 | *:1024)
	exec valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect "$real" "\$@" ;;
esac
exec "$real" "\$@"
EOF
		chmod +x "$tmp/$tool"
		eval "$tool=\$tmp/$tool"
	done
	export VRAMPLAN VRAMPLAN_ACCURACY
fi

# Each test gets its own TMPDIR: a script's scratch files (mktemp or a fixed
# name under ${TMPDIR:-/tmp}) cannot meet those of another test suite run at
# the same time from another checkout.
mkdir "$tmp/scratch" || exit 1
cd "$src" || exit 1
TMPDIR="$tmp/scratch" sh "$script" >"$tmp/stdout" 2>"$tmp/stderr"
echo $? >"$tmp/exit"

if [ "${VP_UPDATE_GOLDEN:-}" = 1 ]; then
	for s in stdout stderr; do
		if [ -s "$tmp/$s" ]; then cp "$tmp/$s" "$script.$s"; else rm -f "$script.$s"; fi
	done
	if [ "$(cat "$tmp/exit")" != 0 ]; then cp "$tmp/exit" "$script.exit"; else rm -f "$script.exit"; fi
	exit 0
fi

status=0
for s in stdout stderr; do
	if [ -f "$script.$s" ]; then want="$script.$s"; else want=/dev/null; fi
	if ! cmp -s "$want" "$tmp/$s"; then
		echo "FAIL: $s differs from $want" >&2
		diff -u "$want" "$tmp/$s" | head -40 >&2
		status=1
	fi
done
if [ -f "$script.exit" ]; then want_exit=$(cat "$script.exit"); else want_exit=0; fi
if [ "$(cat "$tmp/exit")" != "$want_exit" ]; then
	echo "FAIL: exit $(cat "$tmp/exit"), expected $want_exit" >&2
	status=1
fi
exit $status
