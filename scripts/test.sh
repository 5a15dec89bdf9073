#!/bin/sh
# Quick start, step 2 of 2 (README): the whole test suite.
#   sh scripts/test.sh
# 1. a plain Release build: unit tests (cmocka), CLI golden tests, examples;
# 2. the same suite again under AddressSanitizer + UndefinedBehaviorSanitizer;
# 3. the unit tests and the CLI tests under valgrind memcheck (scripts/valgrind.sh;
#    a CLI test's 1st, 4th, 16th... process under valgrind, every process
#    in steps 1 and 2; the catalogue-wide sweep is left to them);
# 4. the clang static analyzer over the program's sources (scripts/analyze.sh);
# 5. each fuzz target for a bounded time, replaying its corpus (clang only).
# Set VP_FUZZ_SECONDS to change the fuzzing time per target (default 20;
# the whole suite must stay under 15 minutes on a 2-core CI machine).
set -eu
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
jobs=$(nproc 2>/dev/null || echo 2)

echo "== plain build"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$jobs" >/dev/null
ctest --test-dir build --output-on-failure -j"$jobs"

echo "== sanitizer build (ASan + UBSan)"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DVRAMPLAN_SANITIZE=ON >/dev/null
cmake --build build-asan -j"$jobs" >/dev/null
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	ctest --test-dir build-asan --output-on-failure -j"$jobs"

echo "== valgrind memcheck"
sh scripts/valgrind.sh build

echo "== static analysis (scan-build)"
sh scripts/analyze.sh

if [ -f scripts/fuzz.sh ] && command -v clang >/dev/null 2>&1; then
	echo "== fuzzing"
	sh scripts/fuzz.sh "${VP_FUZZ_SECONDS:-20}"
fi
echo "== all tests passed"
