# axolotl's FSDP2 config (fsdp_version 2 with fsdp_config) shards over the
# GPUs and checkpoints each block; before, both keys were ignored and the
# run was checked unsharded without checkpointing. reshard_after_forward
# false (whole parameters after the forward) is refused as not modelled.
"$VRAMPLAN" check tests/data/check/axolotl-fsdp2.yaml --model llama-3.2-1b 2>&1 | grep -E "axolotl config|FIT" | sed 's/: train batch.*//'
sed 's/reshard_after_forward: true/reshard_after_forward: false/' tests/data/check/axolotl-fsdp2.yaml |
	"$VRAMPLAN" check - --model llama-3.2-1b
echo "exit $?"
# fsdp_config alone runs FSDP in axolotl, its booleans as transformers reads
# them; FSDP's activation checkpointing beside gradient_checkpointing is refused
grep -v "fsdp_version" tests/data/check/axolotl-fsdp2.yaml | sed 's/reshard_after_forward: true/reshard_after_forward: "True"/' |
	"$VRAMPLAN" check - --model llama-3.2-1b 2>&1 | grep -E "axolotl config" | grep -o "FSDP full shard"
sed 's/^bf16: true/bf16: true\ngradient_checkpointing: true/' tests/data/check/axolotl-fsdp2.yaml |
	"$VRAMPLAN" check - --model llama-3.2-1b
echo "exit $?"
