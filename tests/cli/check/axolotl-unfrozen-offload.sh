# axolotl's bigstral-ds-zero3.yaml (tests/data/check/real/SOURCES.md) trains
# only what unfrozen_parameters matches (axolotl train.py calls
# freeze_layers_except after loading) and names a DeepSpeed file that
# offloads the parameters to the CPU. check counts every parameter as
# trained, an overestimate; since 2026-11-30 the parameters' offload is
# modelled (docs/memory-model.md "ZeRO-Offload": the setup line says
# "parameters offloaded to CPU", and no note remains); before, both went
# unsaid (unfrozen_parameters in the plain list of ignored keys, the file's
# offload_param note dropped with the rest of the file). Each now gets a
# note at its key,
# the file's at the deepspeed key with the file and its line. The model is
# Mixtral-8x7B, which the catalogue has (8x22B it has not); the notes do
# not depend on it. Run from the directory the config names its file from.
cd tests/data/check/real/axolotl || exit 1
"$VRAMPLAN" check --gpu h100 --model mixtral-8x7b --gpus 8 examples/mistral/bigstral-ds-zero3.yaml 2>&1 >/dev/null |
	grep "ignored key '"
"$VRAMPLAN" check --gpu h100 --model mixtral-8x7b --gpus 8 examples/mistral/bigstral-ds-zero3.yaml 2>&1 >/dev/null |
	grep -o "ZeRO stage 3, parameters offloaded to CPU"
# cpu offload at a stage that has it is modelled (the setup line says so):
# the optimizer's at stages 1 to 3 (stage 1 since 2026-11-30, from
# DeepSpeed's stage_1_and_2.py: docs/memory-model.md "ZeRO-Offload"; it was
# noted and counted on the GPU before); where it is not modelled, the note
# names what stays counted on the GPU: parameter offload below stage 3
# (which DeepSpeed reads at stage 3 only), NVMe (until 2026-11-30 every cpu
# offload was noted as not modelled)
for sk in 3:offload_param 3:offload_optimizer 2:offload_optimizer 1:offload_optimizer 2:offload_param; do
	printf '{"train_micro_batch_size_per_gpu": 1, "zero_optimization": {"stage": %s, "%s": {"device": "cpu"}}}\n' \
		"${sk%%:*}" "${sk#*:}" |
		"$VRAMPLAN" check --model gpt2 --gpu a10g - 2>&1 >/dev/null | grep -o "offloaded to CPU\|ignored key.*"
done
