# zero_optimization.cpu_offload and cpu_offload_param, ZeRO-Offload's
# names before offload_optimizer and offload_param, which DeepSpeed still
# reads (runtime/zero/config.py: deprecated, new_param_fn: device cpu if
# true, else None). Given beside the new name, DeepSpeed asserts "Cannot
# provide deprecated parameter ... and replacing parameter ... together"
# (runtime/config_utils.py _process_deprecated_field), whichever of the two
# is null: the assertion tests that each was given (pydantic's fields_set),
# not its value; "auto" is dropped before pydantic sees it. Until
# 2026-11-30 a null on either side let the pair through (the second case
# below offloaded, the third was silent), where DeepSpeed stops at startup.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
one() {
	printf '{"train_micro_batch_size_per_gpu": 2, "fp16": {"enabled": true}, "zero_optimization": {"stage": %s, %s}}\n' \
		"$1" "$2" >ds.json
	echo "-- stage $1: $2"
	"$VRAMPLAN" check --gpu v100-16gb --model gpt2 ds.json >/dev/null 2>err
	echo "exit $?"
	grep -E "deepspeed config|deprecated name|expected|ignored key" err | sed 's/^.*deepspeed config, //'
}
one 2 '"cpu_offload": true'
one 2 '"offload_optimizer": null, "cpu_offload": true'
one 2 '"cpu_offload": null, "offload_optimizer": {"device": "cpu"}'
one 2 '"cpu_offload": false, "offload_optimizer": {"device": "cpu"}'
one 2 '"offload_optimizer": {"device": "none"}, "cpu_offload": true'
one 2 '"cpu_offload": null'
one 2 '"cpu_offload": "auto", "offload_optimizer": {"device": "cpu"}'
one 2 '"cpu_offload": "yes"'
one 1 '"cpu_offload": true'
one 3 '"cpu_offload_param": true'
one 3 '"offload_param": null, "cpu_offload_param": false'
one 2 '"cpu_offload_param": true'
# named from a TrainingArguments config: the same reading, at its deepspeed key
printf '{"train_micro_batch_size_per_gpu": "auto", "zero_optimization": {"stage": 3, "cpu_offload": true, "cpu_offload_param": true}}\n' >ds.json
printf 'model_name_or_path: gpt2\nper_device_train_batch_size: 2\nfp16: true\ndeepspeed: ds.json\n' >train.yaml
"$VRAMPLAN" check --gpu v100-16gb train.yaml 2>&1 >/dev/null | grep -E "hf config|offload" | cut -c1-200
