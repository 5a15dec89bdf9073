#!/bin/sh
# Speed benchmark (issue: one plan <= 2 ms, a sweep of every model on every
# GPU <= 50 ms), as the median of repeated whole-process runs. Not a test:
# timings depend on the machine; this prints them for docs and README.
#   sh bench/speed.sh [BUILD_DIR] [RUNS]
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
runs=${2:-101}
bin=$build/vramplan
[ -x "$bin" ] || { echo "speed: build $bin first (sh scripts/quickstart.sh)" >&2; exit 2; }
cc -O2 -o "$build/timeit" bench/timeit.c
echo "machine: $(nproc) cores, $(uname -m); binary: $bin"
printf 'one plan (mt5 on rtx3090):              '
"$build/timeit" "$runs" "$bin" --model mt5 --gpu rtx3090
printf 'one plan, JSON (llama-3.1-8b QLoRA):    '
"$build/timeit" "$runs" "$bin" --model llama-3.1-8b --gpu rtx4090 --method qlora --grad-ckpt --format json
printf 'sweep: every model on every GPU:        '
"$build/timeit" "$runs" "$bin" sweep
printf 'baseline: vramplan --version:           '
"$build/timeit" "$runs" "$bin" --version
