# A file that cannot be checked is an object with its error, and the rest
# are still checked.
"$VRAMPLAN" check -q --format json --gpu t4 tests/data/trainconfig/bad/string-batch.yaml tests/data/check/no-gpu.yaml
