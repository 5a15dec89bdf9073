#!/bin/sh
# Rewrite README's accuracy table (between the accuracy:begin/end markers)
# from vramplan-accuracy's output on tests/data/groundtruth/cases.yaml, a copy
# of ../shared/groundtruth. tests/cli/accuracy/readme.sh fails when they differ.
#   sh scripts/update-readme-accuracy.sh [BUILD_DIR]
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
table=$(mktemp)
trap 'rm -f "$table" README.md.tmp' EXIT
{
	echo '```'
	"$build/vramplan-accuracy" --cases tests/data/groundtruth/cases.yaml
	echo '```'
} >"$table"
awk -v table="$table" '
	/<!-- accuracy:begin -->/ { print; while ((getline line < table) > 0) print line; skip = 1; next }
	/<!-- accuracy:end -->/ { skip = 0 }
	!skip { print }
' README.md >README.md.tmp
mv README.md.tmp README.md
