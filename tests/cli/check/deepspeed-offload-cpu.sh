# Persona C of the 2026-11-30 review: Qwen2.5-72B, full fine-tune, ZeRO-3 on
# 8 x H100 with a ds_config that offloads the optimizer and the parameters
# to the CPU. check models it (docs/memory-model.md "ZeRO-Offload"): the
# setup line says so, the GPU peak drops to the gathered working set, and
# the host RAM counts 20 bytes a parameter over the node's 8 processes (the
# JSON host's offload_bytes, one process's: docs "ZeRO-Offload" lists them). The same file without offload
# does not fit the GPU. NVMe stays a note.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
for dev in cpu none; do
	cat >"$d/ds-$dev.json" <<JSON
{
  "bf16": {"enabled": "auto"},
  "zero_optimization": {
    "stage": 3,
    "offload_optimizer": {"device": "$dev", "pin_memory": true},
    "offload_param": {"device": "$dev", "pin_memory": true}
  },
  "gradient_accumulation_steps": "auto",
  "train_micro_batch_size_per_gpu": "auto"
}
JSON
	printf 'model_name_or_path: Qwen/Qwen2.5-72B\nper_device_train_batch_size: 1\nbf16: true\ngradient_checkpointing: true\nmax_seq_length: 4096\ndeepspeed: ds-%s.json\neval_strategy: "no"\nvramplan:\n  gpus: 8\n' "$dev" >"$d/train-$dev.yaml"
done
cd "$d" || exit 1
"$VRAMPLAN" check --gpu h100 --host-ram 1536GiB --cpus 192 train-cpu.yaml 2>&1 | grep -E "offloaded|FIT|fits|keeps"
"$VRAMPLAN" check --gpu h100 --host-ram 1536GiB --cpus 192 --format json train-cpu.yaml 2>/dev/null |
	grep -E '"offload_bytes"|"train_total_bytes"|"offload_host_bytes"'
"$VRAMPLAN" check --gpu h100 --host-ram 1536GiB --cpus 192 train-none.yaml 2>&1 | grep -E "offload|FIT|fits"
sed 's/"cpu"/"nvme"/g' ds-cpu.json >ds-nvme.json
sed 's/ds-cpu/ds-nvme/' train-cpu.yaml >train-nvme.yaml
"$VRAMPLAN" check --gpu h100 --host-ram 1536GiB --cpus 192 train-nvme.yaml 2>&1 | grep -E "offload"
# offload_optimizer.ratio below 1 (stage 3's partial offload, stage3.py
# subgroup_to_device) keeps the rest of the optimizer on the GPU: not
# modelled, so counted all on the GPU with a note; until 2026-11-30 it was
# read as the whole optimizer offloaded, the GPU under-counted (found by a
# review). A ratio of 1 is the whole offload.
for r in 0.3 1.0; do
	sed "s/\"device\": \"cpu\", \"pin_memory\": true}/\"device\": \"cpu\", \"ratio\": $r}/" ds-cpu.json >ds-ratio.json
	sed 's/ds-cpu/ds-ratio/' train-cpu.yaml >train-ratio.yaml
	"$VRAMPLAN" check --gpu h100 --host-ram 1536GiB --cpus 192 train-ratio.yaml 2>&1 | grep -E "ratio below|FIT|keeps"
done
