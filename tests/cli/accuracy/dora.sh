# A case may say it trained PEFT's DoRA (use_dora, an extension of the
# shared schema). Llama 3.2 3B (28 layers, q_proj 3072 -> 3072, v_proj
# 3072 -> 1024), LoRA r 8 on q and v: 28 x 8 x ((3072 + 3072) + (3072 +
# 1024)) = 2,293,760 adapter parameters; DoRA adds one magnitude per output
# row of each, 28 x (3072 + 1024) = 114,688: 2,408,448 trained. Unstated,
# false and null are plain LoRA (docs/memory-model.md "DoRA").
"$VRAMPLAN_ACCURACY" -v --cases tests/data/cases/dora.yaml |
	awk '/^DORA-/ { id = $1 } /params trainable=/ { sub(/^.*trainable=/, ""); sub(/ .*$/, ""); print id, $0 }'
# not a boolean; DoRA without adapters (a full fine-tune): input errors at
# the key's value
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/bad-dora.yaml
echo "exit $?"
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/bad-dora-full.yaml
echo "exit $?"
