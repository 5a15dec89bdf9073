# A key given twice: axolotl (yaml.safe_load), HfArgumentParser
# (yaml.safe_load, json.loads) and TRL (yaml.safe_load) keep the last copy,
# as a Python dict does, and the run goes on; OmegaConf, LLaMA-Factory's
# YAML loader, and DeepSpeed (object_pairs_hook=
# dict_raise_error_on_duplicate_keys) refuse the file. The Dolphin 2.9.1
# Llama 3 8b card's axolotl config (tests/data/check/real/SOURCES.md), which
# trained on 8 L40S with logging_steps twice, was an input error (exit 2)
# until 2026-11-30; now it is checked, with a warning at the kept copy.
cd tests/data/check/real/axolotl || exit 1
"$VRAMPLAN" check --gpu l40s --set gpus=8 dolphin-2.9.1-llama3-8b.yaml 2>&1 | grep -E "given twice|ZeRO|FIT"
cd ../../../../.. || exit 1
# the last copy is the one read, whatever the first said
printf 'base_model: gpt2\nmicro_batch_size: 64\nsequence_len: 512\nmicro_batch_size: 2\n' |
	"$VRAMPLAN" check --gpu a10g - 2>&1 | grep -E "given twice|FIT" | cut -c1-120
printf '{"model_name_or_path": "gpt2", "per_device_train_batch_size": 64,\n "per_device_train_batch_size": 2}\n' |
	"$VRAMPLAN" check --gpu a10g --format json - 2>/dev/null | tr -d '\t\n' |
	grep -o '"train":{"batch":[0-9]*\|"readings":\[[^]]*\]'
# LLaMA-Factory (OmegaConf) and a DeepSpeed file refuse it, at the second copy
printf 'model_name_or_path: gpt2\nfinetuning_type: lora\nstage: sft\ndo_train: true\nper_device_train_batch_size: 2\nper_device_train_batch_size: 4\n' |
	"$VRAMPLAN" check --gpu a10g -
echo "exit $?"
printf '{"train_micro_batch_size_per_gpu": 2, "zero_optimization": {"stage": 2, "stage": 3}}\n' |
	"$VRAMPLAN" check --gpu a10g --model gpt2 -
echo "exit $?"
# a --set mapping value with a key twice is a usage error
"$VRAMPLAN" check --gpu a10g --set 'model={a: 1, a: 2}' tests/data/check/real/axolotl/dolphin-2.9.1-llama3-8b.yaml
echo "exit $?"
