#!/bin/sh
# Fuzz every target of fuzz/ for a bounded time (docs/robustness.md).
#   sh scripts/fuzz.sh [SECONDS]      (default 60 seconds per target)
#
# 1. configures build-fuzz with clang (-DVRAMPLAN_FUZZ=ON) and builds the
#    targets; without clang or libFuzzer it says so and exits 0;
# 2. replays the saved corpus fuzz/corpus/<target>/ and every input ever
#    found in fuzz/crashes/<target>/ (regressions: each must run cleanly);
# 3. runs each target for SECONDS with libFuzzer, two at a time, writing new
#    inputs only to a temporary directory (the repository's corpus never
#    grows here; see docs/robustness.md for merging by hand).
# Exits 1 on any crash, leak, timeout or out-of-memory, with the input kept
# under the work directory and named on stderr.
#
# Environment:
#   VP_FUZZ_TARGETS  targets to run (default: every fuzz/fuzz_*.c), e.g. "sizes cases"
#   VP_FUZZ_JOBS     targets fuzzed at once (default 2)
#   VP_FUZZ_WORK     keep the work directory here (default: a temporary one, removed)
#   VP_FUZZ_BUILD    build directory (default build-fuzz)
#   VP_FUZZ_CC       the clang to use (default clang)
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-60}
case $seconds in
'' | *[!0-9]*) echo "usage: sh scripts/fuzz.sh [SECONDS]" >&2; exit 2 ;;
esac
build=${VP_FUZZ_BUILD:-build-fuzz}
jobs=${VP_FUZZ_JOBS:-2}
cc=${VP_FUZZ_CC:-clang}

if ! command -v "$cc" >/dev/null 2>&1; then
	echo "fuzz: $cc not found; skipping the fuzz targets (Debian: apt-get install clang)"
	exit 0
fi
probe=$(mktemp -d)
printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
	'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
	'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }' >"$probe/p.c"
if ! "$cc" -fsanitize=fuzzer,address,undefined "$probe/p.c" -o "$probe/p" >/dev/null 2>&1; then
	rm -rf "$probe"
	echo "fuzz: $cc cannot link libFuzzer (-fsanitize=fuzzer); skipping the fuzz targets"
	exit 0
fi
rm -rf "$probe"

if [ -n "${VP_FUZZ_TARGETS:-}" ]; then
	targets=$VP_FUZZ_TARGETS
else
	targets=$(for f in fuzz/fuzz_*.c; do n=${f#fuzz/fuzz_}; echo "${n%.c}"; done)
fi

# Warnings are errors here too (clang's set differs from gcc's).
echo "fuzz: building $build"
CC=$cc cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVRAMPLAN_FUZZ=ON \
	-DVRAMPLAN_TESTS=OFF >/dev/null
names=
for t in $targets; do names="$names fuzz_$t fuzz_${t}_replay"; done
# shellcheck disable=SC2086
cmake --build "$build" -j"$jobs" --target $names >/dev/null

if [ -n "${VP_FUZZ_WORK:-}" ]; then
	work=$VP_FUZZ_WORK
	mkdir -p "$work"
else
	work=$(mktemp -d "${TMPDIR:-/tmp}/vramplan-fuzz.XXXXXX")
	trap 'rm -rf "$work"' EXIT
fi

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:allocator_may_return_null=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"

# Input size limit and dictionary of each target.
settings() {
	case $1 in
	catalog) max_len=16384 dict=yaml ;;
	cases) max_len=16384 dict=yaml ;;
	trainconfig) max_len=8192 dict=trainconfig ;;
	hfconfig | estimate) max_len=8192 dict=json ;;
	sizes) max_len=64 dict=sizes ;;
	*) max_len=4096 dict= ;;
	esac
}

status=0

# 2. Regressions: the saved corpus, then each saved crash on its own, with
# the plain driver (ASan + UBSan, no libFuzzer). fuzz/crashes/<t>/DISABLED
# lists inputs of crashes that are reported and not yet fixed, one file name
# per line followed by the reason; they are skipped with a note.
for t in $targets; do
	if [ -d "fuzz/corpus/$t" ]; then
		if ! timeout 600 "$build/fuzz/fuzz_${t}_replay" "fuzz/corpus/$t" >"$work/replay-$t.log" 2>&1; then
			echo "fuzz: FAIL: replaying fuzz/corpus/$t" >&2
			tail -30 "$work/replay-$t.log" >&2
			status=1
		else
			echo "fuzz: $t: $(tail -1 "$work/replay-$t.log") from fuzz/corpus/$t"
		fi
	fi
	[ -d "fuzz/crashes/$t" ] || continue
	n=0
	for f in "fuzz/crashes/$t"/*; do
		[ -f "$f" ] || continue
		base=${f##*/}
		case $base in DISABLED | README*) continue ;; esac
		why=
		[ -f "fuzz/crashes/$t/DISABLED" ] &&
			why=$(awk -v f="$base" '$1 == f { $1 = ""; sub(/^ +/, ""); print; exit }' "fuzz/crashes/$t/DISABLED")
		if [ -n "$why" ]; then
			echo "fuzz: $t: skipping $f (open: $why)"
			continue
		fi
		if ! timeout 60 "$build/fuzz/fuzz_${t}_replay" "$f" >"$work/replay-$t-crash.log" 2>&1; then
			echo "fuzz: FAIL: regression $f" >&2
			tail -30 "$work/replay-$t-crash.log" >&2
			status=1
		fi
		n=$((n + 1))
	done
	echo "fuzz: $t: replayed $n saved crash inputs from fuzz/crashes/$t"
done
if [ $status -ne 0 ]; then
	echo "fuzz: regressions failed; not fuzzing" >&2
	exit 1
fi

# 3. Fuzz, `jobs` targets at a time.
[ "$seconds" -gt 0 ] || exit 0
run_target() {
	t=$1
	settings "$t"
	mkdir -p "$work/corpus/$t" "$work/artifacts/$t"
	set -- -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
		-print_final_stats=1 -artifact_prefix="$work/artifacts/$t/"
	[ -n "$dict" ] && set -- "$@" -dict="fuzz/dict/$dict.dict"
	seeds=
	[ -d "fuzz/corpus/$t" ] && seeds="fuzz/corpus/$t"
	# new inputs go to the first directory only: the temporary one
	# shellcheck disable=SC2086
	"$build/fuzz/fuzz_$t" "$@" "$work/corpus/$t" $seeds >"$work/fuzz-$t.log" 2>&1
	echo $? >"$work/fuzz-$t.rc"
}

# every target runs for the same time, so groups of `jobs` keep the cores busy
running=0
for t in $targets; do
	echo "fuzz: $t: fuzzing for $seconds s"
	run_target "$t" &
	running=$((running + 1))
	if [ $running -ge "$jobs" ]; then
		wait
		running=0
	fi
done
wait

final_stat() { sed -n "s/^stat::$1: *//p" "$2" | tail -1; }
printf '%-12s %8s %12s %8s %8s  %s\n' target seconds executions exec/s corpus result
for t in $targets; do
	log="$work/fuzz-$t.log"
	rc=$(cat "$work/fuzz-$t.rc" 2>/dev/null || echo 1)
	execs=$(final_stat number_of_executed_units "$log")
	rate=$(final_stat average_exec_per_sec "$log")
	corpus=$(find "$work/corpus/$t" -type f | wc -l)
	seeds=0
	[ -d "fuzz/corpus/$t" ] && seeds=$(find "fuzz/corpus/$t" -type f | wc -l)
	found=$(find "$work/artifacts/$t" -type f | head -5)
	if [ "$rc" = 0 ] && [ -z "$found" ]; then
		result=ok
	else
		result="FAIL (exit $rc)"
		status=1
	fi
	printf '%-12s %8s %12s %8s %8s  %s\n' "$t" "$seconds" "${execs:-?}" "${rate:-?}" \
		"$((seeds + corpus))" "$result"
	if [ "$result" != ok ]; then
		grep -E "ERROR|SUMMARY|invariant|while running|#[0-9]+ 0x" "$log" | head -25 >&2
		for a in $found; do
			echo "fuzz: $t: input kept at $a; save it as fuzz/crashes/$t/<name> once reported" >&2
		done
	fi
done
if [ $status -ne 0 ] && [ -z "${VP_FUZZ_WORK:-}" ]; then
	# keep the evidence
	trap - EXIT
	echo "fuzz: work directory kept: $work" >&2
fi
exit $status
