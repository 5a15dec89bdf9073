# A LightningCLI config (trainer:, model:, data:), as `vramplan --profile
# lightning` prints one: the LightningModule's code decides what trains, so
# check refuses it (exit 2) at `trainer` with the estimate its keys amount
# to. Until 2026-12-01 it was read as TrainingArguments, both sections
# ignored, and checked at batch 8 in fp32: mT5's own lightning plan (batch
# 7, bf16-mixed) came back DOES NOT FIT, exit 1.
cd "$TMPDIR" || exit 1
"$VRAMPLAN" --model mt5-base --gpu rtx3090 --profile lightning >plan.yaml 2>/dev/null
"$VRAMPLAN" check plan.yaml --gpu rtx3090 --model mt5-base
echo "exit $?"
# class_path sections with init_args, the Trainer's 16-mixed, a stage-2
# offload strategy over 2 nodes of 4 devices, and the model and length the
# module's and DataModule's arguments name
cat >cli.yaml <<'Y'
seed_everything: 42
trainer:
  precision: 16-mixed
  devices: 4
  num_nodes: 2
  strategy: deepspeed_stage_2_offload
  accumulate_grad_batches: 4
model:
  class_path: my_pkg.Finetune
  init_args:
    model_name_or_path: Qwen/Qwen2.5-3B
data:
  class_path: my_pkg.Data
  init_args:
    batch_size: 2
    max_length: 1024
Y
"$VRAMPLAN" check cli.yaml --gpu v100
echo "exit $?"
# no precision is the Trainer's 32-true; "auto" devices are no count
printf 'trainer:\n  devices: auto\n  max_epochs: 3\n' | "$VRAMPLAN" check - --gpu a100-40gb
echo "exit $?"
