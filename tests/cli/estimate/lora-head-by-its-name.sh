# LoRA on the LM head counts r x (hidden + vocabulary) when a target names
# the model's own head module: GPT-NeoX's embed_out, most models' lm_head
# (tied or not: PEFT wraps a tied head's nn.Linear too); a name the model
# lacks adds nothing, as PEFT matches no module with it
for m in "polyglot-ko-12.8b query_key_value" "polyglot-ko-12.8b query_key_value,embed_out" \
	"polyglot-ko-12.8b query_key_value,lm_head" "llama-3.2-3b q_proj" "llama-3.2-3b q_proj,lm_head"; do
	# shellcheck disable=SC2086
	set -- $m
	printf '%s %s: ' "$1" "$2"
	"$VRAMPLAN" estimate --model "$1" --gpu a100-80gb --batch 1 --seq-len 8 --method lora --lora-targets "$2" \
		--format json | grep -o '"params_trainable":[^,]*' | head -n 1 | tr -d '\t'
done
