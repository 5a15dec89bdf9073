# ZeRO-3 with stage3_gather_16bit_weights_on_model_save: true: each save
# gathers the whole model's weights into global rank 0's host RAM
# (deepspeed/runtime/engine.py _zero3_consolidated_16bit_state_dict:
# param.detach().cpu() on rank 0 alone), Llama 3 8B's 8.03e9 parameters in
# the bf16 engine, 14.96 GiB, once on the host, beside the two processes and
# their workers. That moment is the host's peak here, over a 28 GiB host
# with 2 workers a process (1 fits); a note says the bytes, and JSON gives
# host.save_bytes and host.save_total_bytes (15,032,778,752 of training and
# 16,060,522,496 gathered). Before 2026-12-02 the key was an ignored key and
# the config fit: host RAM 24.63 GiB, loading the checkpoint its peak.
cfg='model_name_or_path: meta-llama/Meta-Llama-3-8B
per_device_train_batch_size: 1
bf16: true
max_seq_length: 1024
eval_strategy: "no"
dataloader_num_workers: 2
gradient_checkpointing: true
deepspeed:
  zero_optimization:
    stage: 3
    stage3_gather_16bit_weights_on_model_save: true
vramplan:
  gpus: 2
'
printf '%s' "$cfg" | "$VRAMPLAN" check - --gpu h200 --host-ram 28GiB 2>&1 | grep -e 'ZeRO-3' -e 'host RAM'
printf '%s' "$cfg" | "$VRAMPLAN" check - --gpu h200 --host-ram 28GiB -q >/dev/null 2>&1
echo "exit $?"
printf '%s' "$cfg" | "$VRAMPLAN" check - --gpu h200 --host-ram 28GiB --format json 2>/dev/null |
	python3 -c 'import json, sys
d = json.load(sys.stdin)
d = d[0] if isinstance(d, list) else d
h = d["host"]
print(h["save_bytes"], h["save_total_bytes"], h["train_total_bytes"], h["peak_phase"], h["fits"])'
