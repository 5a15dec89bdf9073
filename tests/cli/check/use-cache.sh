# TrainingArguments.use_cache (transformers 5, default False): Trainer.__init__
# ends with model.config.use_cache = args.use_cache, so use_cache: true makes
# every evaluation forward of a decoder build its KV cache, whatever
# config.json says; false, or no key, builds none (the default checked
# everywhere else). Llama 3.2 3B LoRA, eval batch 8 x 1,024 tokens in bf16:
# 2 (k, v) x 28 layers x 8,192 tokens x 1,024 (8 grouped heads x 128) x 2
# bytes = 939,524,096 bytes more at the loss, the evaluation's peak; the
# device level adds the allocator's share of it. Training is unchanged (its
# forward's cache, freed before the backward, is not counted). The key is
# read, so it is no longer listed as ignored; the setup note and a remark at
# the key say it is counted.
cfg='model_name_or_path: meta-llama/Llama-3.2-3B
per_device_train_batch_size: 2
per_device_eval_batch_size: 8
bf16: true
use_peft: true
lora_r: 16
max_length: 1024
eval_strategy: steps
prediction_loss_only: true
'
run() {
	printf '%s%s\n' "$cfg" "$1" | "$VRAMPLAN" check --gpu a100-40gb --format json - 2>/dev/null | tr -d '\t\n ' |
		sed 's/.*"train":{[^}]*"peak_bytes":\([0-9]*\).*"eval":{[^}]*"peak_bytes":\([0-9]*\).*/\1 \2/'
}
on=$(run 'use_cache: true')
off=$(run 'use_cache: false')
absent=$(run '')
echo "use_cache false as no key: $([ "$off" = "$absent" ] && echo 1 || echo 0)"
echo "training unchanged: $([ "${on% *}" = "${off% *}" ] && echo 1 || echo 0)"
d=$((${on#* } - ${off#* }))
echo "eval grows by the cache and its allocator share: $([ "$d" -ge 939524096 ] && [ "$d" -lt $((2 * 939524096)) ] && echo 1 || echo 0)"
printf '%s%s\n' "$cfg" 'use_cache: true' | "$VRAMPLAN" check --gpu a100-40gb - 2>&1 | grep -E "hf config|use_cache"
