# A target that only a multimodal model's vision tower or projector has
# (SigLIP's mlp.fc1, Pixtral's attention.q_proj, Mistral 3's linear_1):
# PEFT finds it there (check_target_module_exists matches a key's suffix)
# and adapts those linears alone, which a text-only batch never runs. The
# refusal says so; until 2026-12-01 it said PEFT finds none of them. Under
# LLaMA-Factory, which drops the tower's modules from the targets
# (patch_target_modules), PEFT does find none. Qwen2.5-VL's tower's attn.qkv
# likewise (until 2026-12-01, with no Qwen tower shapes kept, the refusal
# said PEFT finds none of it).
"$VRAMPLAN" estimate --model mistral-small-3.1-24b --gpu h100 --batch 1 --method lora --lora-targets attention.q_proj
"$VRAMPLAN" estimate --model qwen2.5-vl-7b --gpu h100 --batch 1 --method lora --lora-targets qkv
"$VRAMPLAN" estimate --model gemma-3-4b --gpu h100 --batch 1 --method lora --lora-targets fc1 --profile llamafactory
cfg=$(mktemp "${TMPDIR:-/tmp}/vp.XXXXXX")
cat >"$cfg" <<'YAML'
model_name_or_path: google/gemma-3-4b-it
per_device_train_batch_size: 1
max_seq_length: 1024
use_peft: true
lora_target_modules: [fc1]
bf16: true
YAML
"$VRAMPLAN" check "$cfg" --gpu h100 2>&1 >/dev/null | sed "s|$cfg|CONFIG|" | grep -v ': note: '
