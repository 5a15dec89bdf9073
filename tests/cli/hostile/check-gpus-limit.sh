# GPU counts past the CLI's --gpus bound (65536): vramplan.gpus, and the
# count a DeepSpeed train_batch_size implies; each an error at its key
d=$(mktemp -d) || exit 1
printf 'model_name_or_path: mt5\nvramplan:\n  gpu: a100-80gb\n  gpus: 65537\n' >"$d/a.yaml"
printf '{"train_micro_batch_size_per_gpu": 1, "gradient_accumulation_steps": 1, "train_batch_size": 100000,\n "zero_optimization": {"stage": 2}, "vramplan": {"model": "t5-small", "gpu": "a100-80gb"}}\n' >"$d/b.json"
timeout 60 "$VRAMPLAN" check "$d/a.yaml" 2>&1 | sed "s|$d/||"
timeout 60 "$VRAMPLAN" check "$d/b.json" 2>&1 | sed "s|$d/||"
timeout 60 "$VRAMPLAN" check "$d/b.json" >/dev/null 2>&1
echo "exit $?"
rm -rf "$d"
