# Training configs name models by mirror and re-upload ids (axolotl's
# base_model, TRL's model_name_or_path, as typed, mixed case): each one below
# had its config.json read and found to have the entry's architecture numbers,
# so it is an alias of that entry (docs/catalogue.md "Checkpoints that are
# aliases") or the id of a new entry; `vramplan check` resolves it instead of
# stopping with "unknown model" (exit 2).
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
for id in NousResearch/Meta-Llama-3-8B NousResearch/Meta-Llama-3-8B-Instruct \
	NousResearch/Meta-Llama-3.1-8B NousResearch/Llama-2-7b-hf \
	casperhansen/llama-3-70b-fp16 unsloth/Llama-3.2-1B \
	Qwen/Qwen2.5-Coder-7B-Instruct Qwen/Qwen2.5-14B-Instruct google/gemma-2-9b-it \
	mistralai/Mistral-7B-v0.3 mistralai/Mistral-7B-Instruct-v0.3 unsloth/mistral-7b-v0.3 \
	HuggingFaceTB/SmolLM-360M HuggingFaceTB/SmolLM2-1.7B-Instruct; do
	printf 'base_model: %s\nadapter: lora\nlora_target_linear: true\nsequence_len: 512\nmicro_batch_size: 1\nbf16: true\n' \
		"$id" >"$d/config.yaml"
	model=$("$VRAMPLAN" check --gpu a100-80gb --format json "$d/config.yaml" 2>/dev/null |
		sed -n 's/^[[:space:]]*"model":[[:space:]]*"\([^"]*\)",$/\1/p')
	echo "$id -> ${model:-(unresolved)}"
done
