# What runs when a config does not train (docs/check.md "What is checked"):
# nothing at all is an input error at its place (exit 2), as LLaMA-Factory
# runs nothing and the example scripts do nothing; LLaMA-Factory's own
# refusals of a prediction come first; an hf config that omits do_train,
# or says true, trains as ever.
lf='model_name_or_path: meta-llama/Llama-3.2-1B
stage: sft
finetuning_type: lora
cutoff_len: 512
per_device_train_batch_size: 4
bf16: true
'
hf='model_name_or_path: meta-llama/Llama-3.2-1B
per_device_train_batch_size: 4
max_length: 512
bf16: true
'
echo "-- LLaMA-Factory without do_train and nothing else: no position, no key says it"
printf '%s' "$lf" | "$VRAMPLAN" check --gpu a10g - 2>&1 >/dev/null; echo "exit $?"
echo "-- LLaMA-Factory do_train: false alone: at the key"
printf '%sdo_train: false\n' "$lf" | "$VRAMPLAN" check --gpu a10g - 2>&1 >/dev/null; echo "exit $?"
echo "-- do_predict without predict_with_generate (LLaMA-Factory refuses it, training or not)"
printf '%sdo_predict: true\neval_dataset: d\n' "$lf" | "$VRAMPLAN" check --gpu a10g - 2>&1 >/dev/null; echo "exit $?"
printf '%sdo_train: true\ndo_predict: true\neval_dataset: d\n' "$lf" | "$VRAMPLAN" check --gpu a10g - 2>&1 >/dev/null; echo "exit $?"
echo "-- do_eval without an evaluation split (LLaMA-Factory refuses it)"
printf '%sdo_eval: true\n' "$lf" | "$VRAMPLAN" check --gpu a10g - 2>&1 >/dev/null; echo "exit $?"
echo "-- an eval_strategy sets do_eval (TrainingArguments.__post_init__): evaluation alone"
printf '%seval_strategy: steps\nval_size: 0.1\n' "$lf" | "$VRAMPLAN" check --gpu a10g - 2>/dev/null; echo "exit $?"
echo "-- hf do_train: false alone: at the key"
printf '%sdo_train: false\n' "$hf" | "$VRAMPLAN" check --gpu a10g - 2>&1 >/dev/null; echo "exit $?"
echo "-- hf do_train: false with do_eval: false and eval_strategy: no"
printf '%sdo_train: false\ndo_eval: false\neval_strategy: "no"\n' "$hf" | "$VRAMPLAN" check --gpu a10g - 2>&1 >/dev/null; echo "exit $?"
echo "-- hf do_train: false with eval_strategy: steps: evaluation alone, the remark at do_train"
printf '%sdo_train: false\neval_strategy: steps\n' "$hf" | "$VRAMPLAN" check --gpu a10g - 2>&1 | grep -E "FIT|key 'do_train'" | cut -c1-120
echo "-- hf without do_train and with do_train: true: the same training check"
a=$(printf '%s' "$hf" | "$VRAMPLAN" check --gpu a10g - 2>/dev/null)
b=$(printf '%sdo_train: true\n' "$hf" | "$VRAMPLAN" check --gpu a10g - 2>/dev/null)
[ "$a" = "$b" ] && echo "same: $a"
echo "-- a do_train that is not a boolean"
printf '%sdo_train: 2\n' "$hf" | "$VRAMPLAN" check --gpu a10g - 2>&1 >/dev/null; echo "exit $?"
