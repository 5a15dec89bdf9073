# A LoRA target that names a router or experts module which is not an
# nn.Linear: PEFT's LoraModel._create_new_module finds no layer type for it
# and raises ValueError "Target module ... is not supported" (reported for
# Qwen3MoeTopKRouter, modelscope/ms-swift#8093, and NemotronHTopkRouter,
# unslothai/unsloth#4476), whatever the other targets find. GraniteMoE's
# experts are GraniteMoeParallelExperts modules named input_linear and
# output_linear (modular_granitemoe.py), so on GraniteMoeShared the target
# input_linear takes shared_mlp.input_linear (an nn.Linear) and the
# experts' module both; until 2026-12-01 estimate counted the shared MLP's
# adapter and check passed [q_proj, output_linear]. The dotted
# shared_mlp.input_linear names the nn.Linear alone and is estimated.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$VRAMPLAN" estimate --model tests/data/configs/moe-7b-1b-active-shared-experts.json --gpu a100-80gb \
	--method lora --lora-targets q_proj,input_linear --batch 1 2>&1
echo "exit $?"
"$VRAMPLAN" estimate --model tests/data/configs/moe-7b-1b-active-shared-experts.json --gpu a100-80gb \
	--method lora --lora-targets shared_mlp.input_linear --batch 1 --format json 2>&1 | grep params_trainable
mkdir "$d/granite"
cp tests/data/configs/granite-3.0-1b-a400m-base.json "$d/granite/config.json"
printf 'base_model: %s\nadapter: lora\nlora_target_modules: [q_proj, output_linear]\n' "$d/granite" >"$d/granite.yaml"
"$VRAMPLAN" check "$d/granite.yaml" --gpu a100-80gb -q >"$d/out" 2>&1
echo "exit $?"
sed "s|$d/||g" "$d/out"
