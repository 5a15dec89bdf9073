# check counts the file each save builds in rank 0's host RAM (safetensors'
# save_file; docs/memory-model.md "Host RAM"): Llama 3.2 1B in full under
# bf16 autocast saves its fp32 weights as one file, beside the trainer and
# its 4 workers, over a 14 GiB host that training alone fits. Before
# 2026-12-02 this config fit (host RAM 11.00 GiB). JSON splits the save
# into the file and ZeRO-3's gathered weights (none here).
cfg='model_name_or_path: meta-llama/Llama-3.2-1B
per_device_train_batch_size: 1
bf16: true
max_seq_length: 1024
eval_strategy: "no"
dataloader_num_workers: 4
gradient_checkpointing: true
'
printf '%s' "$cfg" | "$VRAMPLAN" check - --gpu h200 --host-ram 14GiB 2>&1 | grep -e 'host RAM' -e 'each save'
printf '%s' "$cfg" | "$VRAMPLAN" check - --gpu h200 --host-ram 14GiB -q >/dev/null 2>&1
echo "exit $?"
printf '%s' "$cfg" | "$VRAMPLAN" check - --gpu h200 --host-ram 14GiB --format json 2>/dev/null |
	python3 -c 'import json, sys
d = json.load(sys.stdin)
d = d[0] if isinstance(d, list) else d
h = d["host"]
print(h["save_bytes"], h["save_file_bytes"], h["save_gathered_bytes"], h["save_total_bytes"], h["peak_phase"], h["fits"])'
# with a LoRA adapter the file is a few MiB, and the config fits
printf '%suse_peft: true\nlora_r: 16\n' "$cfg" | "$VRAMPLAN" check - --gpu h200 --host-ram 14GiB -q
echo "exit $?"
# save_safetensors is a transformers 4.x key (5 dropped it, PR #42734, and
# its HfArgumentParser refuses a key no dataclass has): false saves with
# torch.save, one storage at a time, so no file is held whole and the
# config fits; true writes safetensors files of up to 10 GB on 4.x, which
# the 4.60 GiB file is under, so the same save as without the key, said so;
# and 4.x's from_pretrained loads float32, which the dtype note says then.
printf '%ssave_safetensors: false\n' "$cfg" | "$VRAMPLAN" check - --gpu h200 --host-ram 14GiB 2>&1 | grep -e 'host RAM' -e 'each save' -e 'ignored'
printf '%ssave_safetensors: true\n' "$cfg" | "$VRAMPLAN" check - --gpu h200 --host-ram 14GiB 2>&1 |
	grep -e 'each save' -e 'ignored' -e 'torch_dtype'
# the 10 GB cap: Llama 2 7B's 26.95 GB of fp32 weights on a 4.x run are
# written as files of at most 10 GB
printf 'model_name_or_path: meta-llama/Llama-2-7b-hf\nper_device_train_batch_size: 1\nbf16: true\nmax_seq_length: 512\neval_strategy: "no"\ngradient_checkpointing: true\nsave_safetensors: true\noptim: adamw_8bit\n' |
	"$VRAMPLAN" check - --gpu h200 --host-ram 64GiB --format json 2>/dev/null |
	python3 -c 'import json, sys
d = json.load(sys.stdin)
d = d[0] if isinstance(d, list) else d
print(d["host"].get("save_file_bytes"))'
# a value that is no boolean is an input error at the key
printf '%ssave_safetensors: maybe\n' "$cfg" | "$VRAMPLAN" check - --gpu h200 2>&1
echo "exit $?"
