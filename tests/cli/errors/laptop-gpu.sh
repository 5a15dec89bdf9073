# nvidia-smi names a laptop's card "NVIDIA GeForce RTX 4090 Laptop GPU",
# whose memory is not the desktop card's (16 GB against 24 GB). Its nearest
# catalogue name is the desktop card: the error suggests none and says how to
# add the laptop's (until 2026-11-30: "did you mean 'rtx4090'?", a plan for
# half again the memory), and a MIG instance's ("... MIG 3g.20gb") too. A
# catalogue entry of the user's is found as ever.
"$VRAMPLAN" --model t5-small --gpu "NVIDIA GeForce RTX 4090 Laptop GPU"
echo "exit $?"
"$VRAMPLAN" sweep --model t5-small --gpu "rtx3080 laptop"
echo "exit $?"
# a MIG instance likewise: a slice of its card's memory
"$VRAMPLAN" --model t5-small --gpu "NVIDIA A100-SXM4-40GB MIG 3g.20gb"
"$VRAMPLAN" check -q tests/data/check/seed004-mer-block.yaml --gpu h100-mig-1g.10gb
echo "exit $?"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'gpus:\n  - name: rtx4090-laptop\n    full_name: NVIDIA GeForce RTX 4090 Laptop GPU\n    memory_mib: 16376\n    compute_capability: 8.9\n    bf16: true\n    flash_attn: true\n' >"$d/laptop.yaml"
"$VRAMPLAN" --model t5-small --gpu "NVIDIA GeForce RTX 4090 Laptop GPU" --catalog "$d/laptop.yaml" -q 2>&1 | head -1 | sed 's/.* on //'
