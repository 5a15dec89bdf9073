# a deepspeed: path given from the working directory, and the one-GPU default
# noted for the ZeRO stage it sets; a missing file is an error at that key
"$VRAMPLAN" check tests/data/check/deepspeed-from-root.yaml -v 2>&1 | grep "ZeRO\|data-parallel\|FITS"
sed 's|tests/data/check/ds-zero2.json|nowhere/ds.json|' tests/data/check/deepspeed-from-root.yaml |
	"$VRAMPLAN" check - --model t5-small
