# A LoRA target naming a module that holds linears (a block's mlp or
# self_attn, Mixtral's experts ModuleList, GraniteMoE's router, a
# GraniteMoeTopKGating around its nn.Linear "layer") is no nn.Linear:
# PEFT's LoraModel._create_new_module finds no dispatcher for it and raises
# ValueError "Target module ... is not supported. Currently, only the
# following modules are supported: `torch.nn.Linear`, ..." (peft
# src/peft/tuners/lora/model.py), whatever the other targets find. Until
# 2026-12-01 estimate counted q_proj's adapters alone and check passed
# both configs below.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$VRAMPLAN" estimate --model llama-3.2-1b --gpu a100-80gb --method lora --lora-targets q_proj,mlp --batch 1 2>&1
echo "exit $?"
printf 'base_model: ibm-granite/granite-3.0-1b-a400m-base\nadapter: lora\nlora_target_modules: [q_proj, router]\n' >"$d/granite.yaml"
printf 'model_name_or_path: deepseek-ai/DeepSeek-V2-Lite\nstage: sft\ndo_train: true\nfinetuning_type: lora\nlora_target: q_proj,experts\n' >"$d/lf.yaml"
"$VRAMPLAN" check "$d/granite.yaml" "$d/lf.yaml" --gpu h200 -q >"$d/out" 2>&1
echo "exit $?"
sed "s|$d/||g" "$d/out"
