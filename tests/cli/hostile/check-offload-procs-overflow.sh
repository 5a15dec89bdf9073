# A model of 1e18 parameters under ZeRO-3 with both offloads on 65536 GPUs
# of one node: each process's host share (282624 GiB) passes the
# estimator's 2^60-byte limit, but the node's total, 65536 times that, is
# past 2^64 bytes. The note says so ("at least"), not a wrapped product.
d=$(mktemp -d) || exit 1
printf '{"train_micro_batch_size_per_gpu": 1, "gradient_accumulation_steps": 1, "train_batch_size": 65536,\n "bf16": {"enabled": true}, "optimizer": {"type": "AdamW"},\n "zero_optimization": {"stage": 3, "offload_param": {"device": "cpu"}, "offload_optimizer": {"device": "cpu"}}}\n' >"$d/ds.json"
timeout 60 "$VRAMPLAN" check "$d/ds.json" --model tests/data/hostile/params-1e18.json --gpu h100 2>&1 | grep 'ZeRO-Offload keeps' | sed "s|$d/||"
rm -rf "$d"
