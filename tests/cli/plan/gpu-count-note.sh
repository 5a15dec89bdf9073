# No TrainingArguments, TRL, axolotl or LLaMA-Factory key says the number of
# data-parallel GPUs (the launcher's), and vramplan check takes one GPU
# without --gpus or vramplan.gpus, without a word under plain DDP. A plan for
# several GPUs says how check reads them (and the nodes, which split the host
# RAM). Until 2026-11-30 nothing said so, and mT5's 4-GPU plan read back as
# one GPU's peak. A DeepSpeed config's train_batch_size gives the count: no
# note there, nor for one GPU.
"$VRAMPLAN" --model mt5 --gpu rtx3090 --gpus 4 -q | grep -E "^# note: no trainer key|^# train batch"
"$VRAMPLAN" --model mt5 --gpu rtx3090 --gpus 8 --nodes 2 --profile axolotl -q | grep -E "^# note: no trainer key"
"$VRAMPLAN" --model mt5 --gpu rtx3090 --gpus 4 --zero 2 --profile deepspeed -q | grep -c "^# note: no trainer key"
"$VRAMPLAN" --model mt5 --gpu rtx3090 -q | grep -c "^# note: no trainer key"
# read back as the note says: the plan's peak
{ printf 'model_name_or_path: csebuetnlp/mT5_multilingual_XLSum\nmax_source_length: 512\nmax_target_length: 128\n'
  "$VRAMPLAN" --model mt5 --gpu rtx3090 --gpus 4 -q; } | "$VRAMPLAN" check -q --gpu rtx3090 --gpus 4 -
