# An nvidia-smi name the catalogue lacks (Tesla P40): the error says a
# --catalog file can add it, and such a file does (its memory as
# nvidia-smi prints it, docs/catalogue.md "GPU schema")
"$VRAMPLAN" --model kobart --gpu "Tesla P40"
echo "exit $?"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'gpus:\n- name: p40\n  full_name: Tesla P40\n  memory_mib: 24451\n  compute_capability: 6.1\n  bf16: false\n  flash_attn: false\n  fp16_tflops: 0.2\n  bandwidth_gbs: 346\n' >"$d/p40.yaml"
"$VRAMPLAN" --catalog "$d/p40.yaml" --model kobart --gpu "Tesla P40" | head -1
