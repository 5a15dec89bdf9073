#!/bin/sh
# The clang static analyzer (scan-build) over the program's sources: the
# core library, vramplan and vramplan-accuracy. Any report fails the run;
# the HTML reports are left in build-analyze/reports. The tests are not
# analyzed: the analyzer does not know cmocka's failing assertions end a
# test, and reports every pointer they have just checked.
#   sh scripts/analyze.sh
set -eu
cd "$(dirname "$0")/.."
if ! command -v scan-build >/dev/null 2>&1; then
	echo "analyze: scan-build not found (Debian: clang-tools; scripts/install-deps.sh installs it)" >&2
	exit 1
fi
jobs=$(nproc 2>/dev/null || echo 2)
rm -rf build-analyze
scan-build -o build-analyze/reports cmake -S . -B build-analyze -DCMAKE_BUILD_TYPE=Debug >/dev/null
scan-build -o build-analyze/reports --status-bugs \
	cmake --build build-analyze -j"$jobs" --target vramplan vramplan-accuracy >build-analyze/log.txt 2>&1 || {
	grep -E "warning:|error:" build-analyze/log.txt >&2 || tail -20 build-analyze/log.txt >&2
	echo "analyze: the static analyzer reported the above (build-analyze/reports)" >&2
	exit 1
}
grep -E "bugs found|No bugs" build-analyze/log.txt || true
