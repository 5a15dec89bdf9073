# An nvidia-smi name the catalogue lacks (Tesla K80, one die of the board
# as nvidia-smi lists it): the error says a --catalog file can add it, and
# such a file does (its memory as nvidia-smi prints it, docs/catalogue.md
# "GPU schema")
"$VRAMPLAN" --model kobart --gpu "Tesla K80"
echo "exit $?"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'gpus:\n- name: k80\n  full_name: Tesla K80\n  memory_mib: 11441\n  compute_capability: 3.7\n  bf16: false\n  flash_attn: false\n  fp16_tflops: 4.4\n  bandwidth_gbs: 240\n' >"$d/k80.yaml"
"$VRAMPLAN" --catalog "$d/k80.yaml" --model kobart --gpu "Tesla K80" | head -1
