# Llama 3.1 8B with LoRA on 8 H100s, eval_accumulation_steps 4: each GPU
# keeps four steps of every GPU's fp32 logits (at eval batch 1, 8 x 1,024 x
# 128,256 x 4 bytes, about 3.9 GiB, a step). Not even one step's fit at
# eval batch 8, and with four steps kept not even eval batch 1 fits: the
# text, the annotation and JSON (largest_batch_that_fits 0) say so.
# Checked at eval batch 1 the eval part is indeed over the budget, and
# there fewer kept steps do fit: that hint, not an eval batch, is given.
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
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
for eb in 8 1; do
	printf '%s\n' "$cfg" | sed "s/EVAL/$eb/" >"$d/e$eb.yaml"
	(cd "$d" && "$VRAMPLAN" check -q "e$eb.yaml" --gpu h100 | sed 's/: train batch.*; eval batch/: eval batch/')
	(cd "$d" && GITHUB_ACTIONS=true "$VRAMPLAN" check -q "e$eb.yaml" --gpu h100) | grep '^::'
	(cd "$d" && "$VRAMPLAN" check -q "e$eb.yaml" --gpu h100 --format json) | tr -d '\t\n' |
		grep -o '"eval":{[^}]*}' | grep -o '"fits":[a-z]*,"largest_batch_that_fits":[0-9a-z]*'
done
