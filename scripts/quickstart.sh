#!/bin/sh
# Quick start, step 1 of 2 (README): install what is missing, build, and
# print a plan for mT5 on an RTX 3090.
#   sh scripts/quickstart.sh
# Installs Debian packages only when they are absent (needs root or sudo).
set -eu
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc 2>/dev/null || echo 2)" >/dev/null
./build/vramplan --model mt5 --gpu rtx3090
