# The HF Trainer's saves under FSDP with FULL_STATE_DICT, accelerate's
# default for FSDP1 (docs/memory-model.md "Host RAM"): save_model gathers
# every parameter onto rank 0's CPU (FullStateDictConfig(offload_to_cpu=True,
# rank0_only=True)) and builds its file from that copy; then
# save_fsdp_optimizer gathers the whole optimizer state there
# (FullOptimStateDictConfig) before torch.save. Llama 3.2 1B in full under
# bf16 autocast on 2 GPUs: 4,943,257,600 bytes of fp32 parameters and as
# many of file, then 9,886,515,200 bytes of AdamW states (the estimate's
# per-GPU states times 2), beside 2 processes of 4 workers: over a 28 GiB
# host that training fits. SHARDED_STATE_DICT, or FSDP2 (its default
# there), writes each rank's shards: nothing gathered is counted.
cfg='model_name_or_path: meta-llama/Llama-3.2-1B
per_device_train_batch_size: 1
bf16: true
max_seq_length: 1024
eval_strategy: "no"
gradient_checkpointing: true
dataloader_num_workers: 4
fsdp: "full_shard auto_wrap"
vramplan:
  gpus: 2
'
printf '%s' "$cfg" | "$VRAMPLAN" check - --gpu h100 --host-ram 28GiB 2>&1 | grep -e 'host RAM' -e 'each save' -e 'FSDP'
printf '%s' "$cfg" | "$VRAMPLAN" check - --gpu h100 --host-ram 28GiB --format json 2>/dev/null |
	python3 -c 'import json, sys
d = json.load(sys.stdin)
d = d[0] if isinstance(d, list) else d
h = d["host"]
print(h.get("save_bytes"), h.get("save_in_checkpoint"), h["peak_phase"], h["fits"])'
# the model alone: the gathered parameters and the file
printf '%ssave_only_model: true\n' "$cfg" | "$VRAMPLAN" check - --gpu h100 --host-ram 28GiB --format json 2>/dev/null |
	python3 -c 'import json, sys
d = json.load(sys.stdin)
d = d[0] if isinstance(d, list) else d
print(d["host"].get("save_bytes"), d["host"].get("save_in_checkpoint"))'
# sharded saves, stated or FSDP2's default: none
for extra in 'fsdp_config: {state_dict_type: SHARDED_STATE_DICT}' 'fsdp_config: {version: 2}'; do
	printf '%s%s\n' "$cfg" "$extra" | "$VRAMPLAN" check - --gpu h100 --host-ram 28GiB --format json 2>/dev/null |
		python3 -c 'import json, sys
d = json.load(sys.stdin)
d = d[0] if isinstance(d, list) else d
print(d["host"].get("save_bytes"))'
done
# a state dict type FSDP does not have is an input error at the key
printf '%sfsdp_config: {state_dict_type: FULL}\n' "$cfg" | "$VRAMPLAN" check - --gpu h100 2>&1
echo "exit $?"
