# a deepspeed: path given from the working directory, and the one-GPU default
# noted for the ZeRO stage it sets; a missing file is an error at that key
"$VRAMPLAN" check tests/data/check/deepspeed-from-root.yaml -v 2>&1 | grep "ZeRO\|data-parallel\|FITS"
sed 's|tests/data/check/ds-zero2.json|nowhere/ds.json|' tests/data/check/deepspeed-from-root.yaml |
	"$VRAMPLAN" check - --model t5-small
# the error says the way on (until 2026-12-01 it ended at the paths tried):
# axolotl's README has `axolotl fetch deepspeed_configs` copy its files, and
# the stage given (--zero N) reads no file
printf 'base_model: t5-small\nadapter: lora\nsequence_len: 512\ndeepspeed: deepspeed_configs/zero2.json\nlora_target_modules: [q, v]\n' |
	"$VRAMPLAN" check - --gpu a10g
echo "exit $?"
printf 'base_model: t5-small\nadapter: lora\nsequence_len: 512\ndeepspeed: deepspeed_configs/zero2.json\nlora_target_modules: [q, v]\n' |
	"$VRAMPLAN" check - --gpu a10g --zero 2 -q
echo "exit $?"
