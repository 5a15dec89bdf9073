# check --format json gives byte counts past 2^53 exactly, as integers, as
# estimate --format json does: through a double, the train peak of this
# 1e18-parameter model (664788382533533696 bytes) came out as
# 6.647883825335337e+17, and a host total saturated at 2^64 - 1 as
# 1.8446744073709552e+19.
d=$(mktemp -d) || exit 1
printf '{"train_micro_batch_size_per_gpu": 1, "gradient_accumulation_steps": 1, "train_batch_size": 65536,\n "bf16": {"enabled": true}, "optimizer": {"type": "AdamW"},\n "zero_optimization": {"stage": 3, "offload_param": {"device": "cpu"}, "offload_optimizer": {"device": "cpu"}}}\n' >"$d/ds.json"
timeout 60 "$VRAMPLAN" check "$d/ds.json" --model tests/data/hostile/params-1e18.json --gpu h100 --host-ram 1TiB \
	--format json 2>/dev/null | grep -E '"(peak|headroom|train_total|total|budget|gpu_memory)_bytes"'
timeout 60 "$VRAMPLAN" estimate --model tests/data/hostile/params-1e18.json --gpu h100 --batch 1 --gpus 65536 \
	--zero 3 --offload-param cpu --offload-optimizer cpu --format json 2>/dev/null | grep '"device_bytes"'
rm -rf "$d"
