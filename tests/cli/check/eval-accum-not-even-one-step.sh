# Llama 3.1 8B (an Instruct id, as users type it) with LoRA on 8 H100s at
# 1,024 tokens: eval batch 8 gathers 64 samples' fp32 logits a step, about
# 31 GiB (64 x 1,024 x 128,256 x 4 bytes), kept on each GPU. With
# eval_accumulation_steps 4 not even one step fits the budget beside the
# rank's own step and the resident model, so fewer steps cannot cure it: the
# text says the eval batch must come down, and the JSON key and the GitHub
# annotation point at per_device_eval_batch_size (line 7), not at
# eval_accumulation_steps (line 8). At eval batch 2 one step fits: the
# accumulation's key, "at most 1 step fits".
cfg='model_name_or_path: meta-llama/Llama-3.1-8B-Instruct
bf16: true
use_peft: true
lora_target_modules: all-linear
max_length: 1024
per_device_train_batch_size: 4
per_device_eval_batch_size: EVAL
eval_accumulation_steps: 4
gradient_checkpointing: true
eval_strategy: steps
vramplan:
  gpus: 8'
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
for eb in 8 2; do
	printf '%s\n' "$cfg" | sed "s/EVAL/$eb/" >"$d/e$eb.yaml"
	(cd "$d" && "$VRAMPLAN" check -q "e$eb.yaml" --gpu h100 | sed 's/.*; eval batch/eval batch/')
	(cd "$d" && "$VRAMPLAN" check -q "e$eb.yaml" --gpu h100 --format json) | grep -E '"key"|"line"' | tail -2 | tr -d '\t'
	(cd "$d" && GITHUB_ACTIONS=true "$VRAMPLAN" check -q "e$eb.yaml" --gpu h100) | grep '^::' | cut -d: -f1-5
done
