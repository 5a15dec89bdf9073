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
# strategy "deepspeed" is DeepSpeedStrategy's default, ZeRO stage 2
# (lightning/pytorch/strategies/deepspeed.py: __init__ stage=2,
# register_strategies "deepspeed" with no arguments); a class_path
# strategy takes its init_args; a list of device indices is that many
# GPUs; NVMe offload is not modelled, and said so. A model name the shell
# would read as more than one word as typed (a comment, a glob) is the
# placeholder M: until 2026-12-01 only some metacharacters were kept out,
# and `--model #gpt2` made the rest of the command a comment.
cat >a.yaml <<'Y'
trainer:
  strategy: deepspeed
  devices: [0, 1]
  precision: bf16-mixed
model:
  model_name_or_path: "#gpt2"
Y
cat >b.yaml <<'Y'
trainer:
  strategy:
    class_path: lightning.pytorch.strategies.DeepSpeedStrategy
    init_args:
      stage: 3
      offload_optimizer: true
  devices: 4
model:
  model_name_or_path: "org/model*"
Y
cat >c.yaml <<'Y'
trainer:
  strategy: deepspeed_stage_3_offload_nvme
  devices: 2
model:
  model_name_or_path: Qwen/Qwen2.5-0.5B
Y
for f in a b c; do
	"$VRAMPLAN" check $f.yaml --gpu a100-40gb 2>&1 | grep -o "the nearest estimate.*"
done
# the same holds for a W&B sweep's model, whose placeholder is then
# explained (until 2026-12-01 an unsafe name gave M without "M: the model")
printf 'method: grid\nparameters:\n  model_name_or_path:\n    value: "a;rm -rf x"\n  per_device_train_batch_size:\n    values: [4, 8]\n' |
	"$VRAMPLAN" check - --gpu a100-40gb 2>&1 | grep -o "largest sizes: .*"
# devices x num_nodes past what --gpus takes is no flag but its placeholder
# (until 2026-12-01: --gpus 99999980000001, which estimate refuses)
printf 'trainer:\n  devices: 9999999\n  num_nodes: 9999999\ndata:\n  batch_size: 4\n' | "$VRAMPLAN" check - --gpu h100 2>&1 |
	grep -o "estimate --gpu G.*"
# the vramplan: block's model and lengths fill what the module and the
# DataModule leave unsaid (until 2026-12-01 the command said M and N)
printf 'trainer:\n  precision: bf16-mixed\n  devices: 1\ndata:\n  batch_size: 4\nvramplan:\n  model: mt5-base\n  seq_len: 512\n  target_len: 64\n' |
	"$VRAMPLAN" check - --gpu h100 2>&1 | grep -o "estimate --gpu G.*"
# a precision --precision cannot say (Trainer's 64-true: fp64 weights and
# activations; transformer-engine: FP8 through Transformer Engine) is said
# after the command, not silently left out; check's own --model goes into
# the command where the module names none (until 2026-12-01: no word of
# the precision, and --model M beside --model gpt2)
printf 'trainer:\n  precision: 64-true\ndata:\n  batch_size: 4\n' | "$VRAMPLAN" check - --gpu h100 --model gpt2 2>&1 |
	grep -o "estimate --gpu G.*"
printf 'trainer:\n  precision: transformer-engine\n  devices: 1\ndata:\n  batch_size: 4\n' | "$VRAMPLAN" check - --gpu h100 2>&1 |
	grep -o "estimate --gpu G.*"
# the attention kernel the file names goes into the command: the module's
# attn_implementation as from_pretrained takes it, else the vramplan:
# block's attn (until 2026-12-01 never: a module loading
# flash_attention_2 was estimated at SDPA's)
printf 'trainer:\n  devices: 1\nmodel:\n  class_path: m.M\n  init_args:\n    model_name_or_path: gpt2\n    attn_implementation: flash_attention_2\ndata:\n  batch_size: 4\n' >fa2.yaml
printf 'trainer:\n  devices: 1\nmodel:\n  model_name_or_path: gpt2\ndata:\n  batch_size: 4\nvramplan:\n  attn: eager\n' >eager.yaml
"$VRAMPLAN" check fa2.yaml eager.yaml --gpu h100 2>&1 | grep -o "estimate --gpu G.*--seq-len N"
