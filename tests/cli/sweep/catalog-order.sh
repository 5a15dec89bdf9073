# The rows follow the catalogue's order (docs/vramplan.1, sweep): a
# --catalog entry that replaces a built-in GPU keeps its place, a new one
# comes after the built-in ones; with neither --model nor --gpu, each
# model's GPUs, model after model (the row after the first model's GPUs
# is the second model's first).
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
cat >"$d/cat.yaml" <<'YAML'
gpus:
  - name: rtx3080-12gb
    full_name: NVIDIA GeForce RTX 3080 12GB (replaced)
    memory_mib: 12288
    compute_capability: 8.6
    bf16: true
  - name: lab-last
    full_name: Lab Accelerator
    memory_mib: 40960
    compute_capability: 8.0
    bf16: true
YAML
"$VRAMPLAN" sweep --catalog "$d/cat.yaml" --model gpt2 --format json |
	python3 -c 'import json, sys; g = [r["gpu"] for r in json.load(sys.stdin)]; print(g[:3], g[-1], len(g))'
"$VRAMPLAN" list gpus --catalog "$d/cat.yaml" --format json |
	python3 -c 'import json, sys; g = [r["name"] for r in json.load(sys.stdin)]; print(g[:3], g[-1], len(g))'
"$VRAMPLAN" sweep --format json |
	python3 -c 'import json, sys; r = json.load(sys.stdin); n = sum(x["model"] == r[0]["model"] for x in r); print([(x["model"], x["gpu"]) for x in r[:2]], (r[n]["model"], r[n]["gpu"]))'
