# axolotl's eager_attention, the Liger plugin's kernels and test_datasets
# are read: eager attention (its score matrices), Liger kernels, and an
# evaluation to check
"$VRAMPLAN" check -v --gpu a100-40gb tests/data/check/axolotl-keys.yaml
