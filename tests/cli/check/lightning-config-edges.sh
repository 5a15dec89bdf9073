# Edges of check's LightningCLI refusal (lightning-config.sh), each found by
# review on 2026-12-01.
cd "$TMPDIR" || exit 1
# A Hydra-style TrainingArguments config whose `trainer:` section holds
# TrainingArguments' own keys beside a name Lightning's Trainer shares
# (max_steps) is not a LightningCLI config: it gets the nested-section
# error it got before the refusal, not a Lightning command at fp32 and
# batch B for a section that says bf16 and batch 4.
printf 'model:\n  model_name_or_path: gpt2\ntrainer:\n  per_device_train_batch_size: 4\n  max_steps: 100\n  bf16: true\n' |
	"$VRAMPLAN" check - --gpu a100-40gb 2>&1 | grep -o -E "LightningCLI|no model at the top level"
