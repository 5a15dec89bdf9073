# mT5 under fp16 checked on two GPUs: the overflow warning once a GPU, each
# naming its GPU and that GPU's advice (bf16 where it has it, else fp32).
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
printf 'model_name_or_path: google/mt5-base\nper_device_train_batch_size: 1\nfp16: true\n' >"$d/f.yaml"
cd "$d" && "$VRAMPLAN" check f.yaml --gpu v100-16gb --gpu a100-80gb 2>&1 >/dev/null | grep "overflows fp16"
