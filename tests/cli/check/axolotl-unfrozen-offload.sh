# axolotl's bigstral-ds-zero3.yaml (tests/data/check/real/SOURCES.md) trains
# only what unfrozen_parameters matches (axolotl train.py calls
# freeze_layers_except after loading) and names a DeepSpeed file that
# offloads the parameters to the CPU. check counts every parameter as
# trained and on the GPU, an overestimate either way; before, both went
# unsaid (unfrozen_parameters in the plain list of ignored keys, the file's
# offload_param note dropped with the rest of the file). Each now gets a
# note at its key,
# the file's at the deepspeed key with the file and its line. The model is
# Mixtral-8x7B, which the catalogue has (8x22B it has not); the notes do
# not depend on it. Run from the directory the config names its file from.
cd tests/data/check/real/axolotl || exit 1
"$VRAMPLAN" check --gpu h100 --model mixtral-8x7b --gpus 8 examples/mistral/bigstral-ds-zero3.yaml 2>&1 >/dev/null |
	grep "ignored key '"
# offload_param's note names the parameters it moves, offload_optimizer's
# the states (until 2026-11-29 both said "the states")
for k in offload_param offload_optimizer; do
	printf '{"train_micro_batch_size_per_gpu": 1, "zero_optimization": {"stage": 3, "%s": {"device": "cpu"}}}\n' "$k" |
		"$VRAMPLAN" check --model gpt2 --gpu a10g - 2>&1 >/dev/null | grep -o "ignored key.*overestimate)"
done
