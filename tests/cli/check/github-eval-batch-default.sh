# An ::error about the eval batch points at its key; an hf config without
# per_device_eval_batch_size has TrainingArguments' default 8, which no line
# holds and the train batch does not set, so the annotation is the file's
# and says the key is absent. Until 2026-11-30 it pointed at
# per_device_train_batch_size's line. axolotl's eval_batch_size defaults to
# micro_batch_size: its annotation stays at that key.
base='model_name_or_path: Qwen/Qwen2.5-3B\nmax_seq_length: 4096\nbf16: true\neval_strategy: steps\ngradient_checkpointing: true\nuse_peft: true\nper_device_train_batch_size: 1\n'
printf "$base" | GITHUB_ACTIONS=true "$VRAMPLAN" check -q --gpu a100-40gb -
printf "${base}per_device_eval_batch_size: 8\n" | GITHUB_ACTIONS=true "$VRAMPLAN" check -q --gpu a100-40gb -
printf 'base_model: Qwen/Qwen2.5-3B\nsequence_len: 1024\nbf16: true\nval_set_size: 0.05\nmicro_batch_size: 64\n' |
	GITHUB_ACTIONS=true "$VRAMPLAN" check -q --gpu a100-40gb -
echo "exit $?"
