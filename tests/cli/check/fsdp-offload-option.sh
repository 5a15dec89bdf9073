# TrainingArguments' fsdp "offload" option is FSDP's CPUOffload(offload_params=
# True): parameters, gradients and optimizer states on the host. vramplan does
# not model it (as axolotl's fsdp_config offload_params is not), so a note
# says the GPU peak is an overestimate and the host RAM that holds them is not
# counted. Until 2026-11-30 the option was dropped without a word. The string
# form and the list form alike; without offload, no note.
cfg='model_name_or_path: meta-llama/Llama-3.2-3B\nmax_seq_length: 512\nper_device_train_batch_size: 4\nbf16: true\neval_strategy: "no"\n'
printf "${cfg}fsdp: full_shard offload auto_wrap\n" | "$VRAMPLAN" check --gpu a100-40gb --gpus 4 - 2>&1 | grep -E "offload|FIT"
printf "${cfg}fsdp: [full_shard, offload]\n" | "$VRAMPLAN" check --gpu a100-40gb --gpus 4 --format json - 2>/dev/null | grep -A4 '"remarks"'
printf "${cfg}fsdp: full_shard auto_wrap\n" | "$VRAMPLAN" check --gpu a100-40gb --gpus 4 - 2>&1 | grep -E "offload|FIT"
