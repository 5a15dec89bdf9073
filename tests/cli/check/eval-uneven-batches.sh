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
# axolotl turns even_batches off itself for an evaluation under
# sample_packing unless eval_sample_packing is false (core/trainers/base.py
# _get_dataloader; its validator makes an unset eval_sample_packing true
# beside sample_packing): capped alike on 2 GPUs. With eval_sample_packing:
# false accelerate fills the batch, and 64 runs. Until 2026-12-01 both
# were checked at 64, and eval_sample_packing was an ignored key.
printf 'base_model: Qwen/Qwen3-0.6B\nsequence_len: 1024\nmicro_batch_size: 2\neval_batch_size: 64\nsample_packing: true\nflash_attention: true\nbf16: true\nval_set_size: 10\nvramplan:\n  gpus: 2\n  eval_samples: 10\n' >ax.yaml
sed 's/^bf16: true/bf16: true\neval_sample_packing: false/' ax.yaml >ax-unpacked.yaml
"$VRAMPLAN" check ax.yaml ax-unpacked.yaml --gpu h100 2>&1 | grep -E "ignored|eval batch" | sed 's/: train batch [^;]*; eval batch/: eval batch/'
