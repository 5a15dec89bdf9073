# vramplan.grad_ckpt overrides whether a config checkpoints, and keeps what
# kind: LLaMA-Factory's use_unsloth_gc (and axolotl's
# gradient_checkpointing: offload) moves the checkpointed block inputs to
# the host wherever checkpointing runs. Until 2026-11-30 the override
# dropped the offload (the first two lines differed).
lf='model_name_or_path: meta-llama/Llama-3.2-1B\nstage: sft\ndo_train: true\nfinetuning_type: lora\ncutoff_len: 4096\nper_device_train_batch_size: 4\nbf16: true\nuse_unsloth_gc: true\n'
printf "$lf" | "$VRAMPLAN" check --gpu rtx4090 - 2>&1 | grep -E 'config, model'
printf "${lf}vramplan:\n  grad_ckpt: true\n" | "$VRAMPLAN" check --gpu rtx4090 - 2>&1 | grep -E 'config, model'
printf "${lf}vramplan:\n  grad_ckpt: false\n" | "$VRAMPLAN" check --gpu rtx4090 - 2>&1 | grep -E 'config, model'
