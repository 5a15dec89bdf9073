# Target forms PEFT matches but vramplan cannot size: a target_modules
# string is a regex PEFT re.fullmatch'es against each module path, and a
# list item equal to a module's full key (model.layers.0.self_attn.q_proj)
# adapts that one layer (peft/tuners/tuners_utils.py
# check_target_module_exists). Both stay refused, but not as targets "PEFT
# finds none of": until 2026-12-01 check said PEFT stops at them, untrue.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'base_model: meta-llama/Llama-3.2-1B\nadapter: lora\nlora_target_modules: ".*(q|v)_proj"\n' >"$d/regex.yaml"
printf 'base_model: meta-llama/Llama-3.2-1B\nadapter: lora\nlora_target_modules: [model.layers.0.self_attn.q_proj]\n' >"$d/layer.yaml"
"$VRAMPLAN" check "$d/regex.yaml" "$d/layer.yaml" --gpu a100-80gb -q >"$d/out" 2>&1
echo "exit $?"
sed "s|$d/||g" "$d/out"
