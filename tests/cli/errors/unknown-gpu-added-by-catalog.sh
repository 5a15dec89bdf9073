# An nvidia-smi name the catalogue lacks (the GeForce RTX 5060; the Tesla
# K80 served until it got its entry on 2026-12-01): the error says a
# --catalog file can add it, and such a file does (its memory as nvidia-smi
# prints it, 8151MiB in public logs; docs/catalogue.md "GPU schema")
"$VRAMPLAN" --model kobart --gpu "NVIDIA GeForce RTX 5060"
echo "exit $?"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'gpus:\n- name: rtx5060\n  full_name: NVIDIA GeForce RTX 5060\n  memory_mib: 8151\n  compute_capability: 12.0\n  bf16: true\n  flash_attn: true\n' >"$d/rtx5060.yaml"
"$VRAMPLAN" --catalog "$d/rtx5060.yaml" --model kobart --gpu "NVIDIA GeForce RTX 5060" | head -1
