# accelerator_config's even_batches: false (TrainingArguments'
# AcceleratorConfig) stops accelerate filling each rank's last eval batch
# with repeated samples: BatchSamplerShard yields each rank's batch as the
# DataLoader made it (accelerate data_loader.py _iter_with_no_split, "if not
# self.even_batches"), so per_device_eval_batch_size 64 with 10 eval samples
# on 2 GPUs forwards one batch of 10, capped as on one GPU
# (vp_plan_eval_batch_cap). Until 2026-12-01 the key was ignored and 2 GPUs
# checked at 64, DOES NOT FIT. dataloader_drop_last: true makes no batch
# larger: a note, the batch checked unchanged; accelerator_config's other
# keys are said as ignored.
cd "$TMPDIR" || exit 1
printf 'model_name_or_path: Qwen/Qwen3-0.6B\nper_device_train_batch_size: 4\nper_device_eval_batch_size: 64\neval_strategy: steps\nmax_seq_length: 1024\nmax_eval_samples: 10\naccelerator_config:\n  even_batches: false\n  split_batches: false\ndataloader_drop_last: true\n' >c.yaml
"$VRAMPLAN" check c.yaml --gpu h100 --gpus 2 2>&1 | grep -E "ignored|eval batch"
