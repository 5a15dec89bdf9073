# A plain `eval_strategy: no` is the boolean false to PyYAML, which
# TrainingArguments rejects (IntervalStrategy(False) raises "False is not a
# valid IntervalStrategy"): an input error at the value, exit 2, as a quoted
# number is; until 2026-11-29 it was read as "no" and the file passed.
# Quoted, it is no evaluation.
hf='model_name_or_path: gpt2\nper_device_train_batch_size: 4\n'
printf "${hf}eval_strategy: no\n" | "$VRAMPLAN" check --gpu a10g -q -; echo "exit $?"
printf '{"model_name_or_path": "gpt2", "eval_strategy": false}\n' | "$VRAMPLAN" check --gpu a10g -q -; echo "exit $?"
printf "${hf}eval_strategy: \"no\"\n" | "$VRAMPLAN" check --gpu a10g -q -; echo "exit $?"
# A JSON file's false is json.load's boolean, not PyYAML's: the message says
# which reader made it one (until 2026-11-29 it named PyYAML's yes/no/on/off
# for a JSON false); a LLaMA-Factory .json config's flash_attn the same
printf '{"model_name_or_path": "gpt2", "stage": "sft", "do_train": true, "finetuning_type": "lora", "per_device_train_batch_size": 2, "flash_attn": false}\n' |
	"$VRAMPLAN" check --gpu a10g -q -; echo "exit $?"
