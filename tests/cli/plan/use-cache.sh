# --use-cache: the run sets TrainingArguments' use_cache: true
# (transformers 5's Trainer then sets model.config.use_cache to it,
# huggingface/transformers#41585), so every evaluation forward builds the
# KV cache: the plan counts it (a smaller eval batch, the cache named in the
# comment and in the JSON's forward_kv_cache_bytes: 2 (k, v) x 28 layers x
# eval batch x 1,024 tokens x 1,024 k/v width x 2 bytes), prints
# use_cache: true for check to read back, and refuses a profile without the
# key.
plan() {
	"$VRAMPLAN" --model llama-3.2-3b --gpu a100-40gb --seq-len 1024 --method lora "$@"
}
for flag in "" --use-cache; do
	set -- $(plan $flag --format json 2>/dev/null | tr -d '\t\n ' |
		sed 's/.*"eval":{"batch":\([0-9]*\),.*"forward_kv_cache_bytes":\([0-9]*\),.*/\1 \2/')
	echo "${flag:-default}: eval batch $1, forward cache $2, a cache at that batch would be $((2 * 28 * $1 * 1024 * 1024 * 2))"
done
plan --use-cache 2>/dev/null | grep -E '^use_cache:|KV cache'
t=$(mktemp) || exit 1
plan --use-cache >"$t" 2>/dev/null
"$VRAMPLAN" check "$t" --model llama-3.2-3b --gpu a100-40gb --seq-len 1024 --method lora 2>/dev/null | sed "s|$t|plan.yaml|"
"$VRAMPLAN" check "$t" --model llama-3.2-3b --gpu a100-40gb --seq-len 1024 --method lora 2>&1 >/dev/null |
	grep -o 'use_cache (a KV cache in evaluation)'
rm -f "$t"
plan --use-cache --profile axolotl
echo "exit $?"
