# --format json's eval object names the loss forward's own KV cache,
# forward_kv_cache_bytes (kv_cache_bytes is generation's): under --profile
# lightning the loop calls the model, whose config.json's use_cache is on,
# so the cache is 2 (k, v) x layers x eval batch x tokens x k/v width x 2
# bytes in bf16, part of working_bytes and loss_bytes; under HF Trainer
# (transformers 5: use_cache False) it is 0. Llama 3.2 3B LoRA at 1,024
# tokens: 28 layers, 8 grouped heads x 128.
for p in hf lightning; do
	set -- $("$VRAMPLAN" --model llama-3.2-3b --gpu a100-40gb --seq-len 1024 --method lora --profile $p \
		--format json 2>/dev/null | tr -d '\t\n ' |
		sed 's/.*"eval":{"batch":\([0-9]*\),.*"forward_kv_cache_bytes":\([0-9]*\),.*/\1 \2/')
	echo "$p: eval batch $1, forward cache $2, a cache at that batch would be $((2 * 28 * $1 * 1024 * 1024 * 2))"
done
