# axolotl's eager_attention, the Liger plugin's kernels and test_datasets
# are read: eager attention (its score matrices), Liger kernels, and an
# evaluation to check
"$VRAMPLAN" check -v --gpu a100-40gb tests/data/check/axolotl-keys.yaml
echo "exit $?"
# the liger_* keys are the LigerPlugin's arguments: without the plugin
# listed under plugins axolotl patches nothing, and the step is checked
# without Liger, with a remark at the key (until 2026-11-30 plugins was
# ignored and the kernels counted from the keys alone)
grep -v "plugins:\|LigerPlugin" tests/data/check/axolotl-keys.yaml |
	"$VRAMPLAN" check --gpu a100-40gb - 2>&1 | grep -E "LigerPlugin|FIT" | cut -c1-160
