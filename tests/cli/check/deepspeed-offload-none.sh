# A ZeRO-3 file whose offload sections say "device": "none" (DeepSpeed's
# default, deepspeed/runtime/zero/offload_config.py; the HF docs' and many
# templates' offload_param) offloads nothing: check reads it as such, with
# no note. Until 2026-11-30 it was noted as "offload is not modelled: the
# parameters are counted on the GPU", which told a user her config offloads.
# One that offloads to the CPU was still noted, saying the host RAM that
# holds what it moves is not counted either; since 2026-11-30 cpu offload
# is modelled (docs/memory-model.md "ZeRO-Offload"), said on the setup
# line, and NVMe's note says it is not.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
cat >"$d/ds.json" <<'JSON'
{
  "bf16": {"enabled": "auto"},
  "zero_optimization": {
    "stage": 3,
    "offload_optimizer": {"device": "cpu", "pin_memory": true},
    "offload_param": {"device": "none"},
    "overlap_comm": true
  },
  "gradient_accumulation_steps": "auto",
  "train_micro_batch_size_per_gpu": "auto"
}
JSON
printf 'model_name_or_path: Qwen/Qwen2.5-72B\nper_device_train_batch_size: 1\nbf16: true\ngradient_checkpointing: true\nmax_seq_length: 4096\ndeepspeed: ds.json\neval_strategy: "no"\nvramplan:\n  gpus: 8\n' >"$d/train.yaml"
cd "$d" || exit 1
"$VRAMPLAN" check --gpu h100 train.yaml 2>&1 >/dev/null | grep -i "offload"
# no section, an empty one, and "none": nothing said; "nvme": noted
for sec in '{}' '{"device": "none"}' '{"device": "nvme"}'; do
	printf '{"train_micro_batch_size_per_gpu": 1, "zero_optimization": {"stage": 3, "offload_param": %s}}\n' "$sec" |
		"$VRAMPLAN" check --model gpt2 --gpu a10g - 2>&1 >/dev/null | grep -c "not modelled"
done
# FSDP's offload says the same of the host RAM (CPUOffload keeps the shards
# and the optimizer's states there); false offloads nothing: no note
for on in true false; do
	printf 'model_name_or_path: gpt2\nfsdp: full_shard auto_wrap\nfsdp_config:\n  offload_params: %s\nvramplan:\n  gpus: 2\n' "$on" |
		"$VRAMPLAN" check --gpu a10g - 2>&1 >/dev/null | grep "offload"
done
