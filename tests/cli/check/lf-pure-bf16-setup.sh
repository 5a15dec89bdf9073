# LLaMA-Factory's pure_bf16 keeps LoRA's adapters in bf16 (no fp32 cast:
# model/adapter.py init_adapter), and check estimates them so; its settled
# setup (the -v note and JSON's setup) says "16-bit adapters". Without
# pure_bf16 they are fp32, and it says nothing. Until 2026-12-01 both
# setups read alike, so the pure_bf16 one named an estimate 0.2-2% above
# check's peak (found by differential testing of check against estimate).
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'model_name_or_path: Qwen/Qwen3-0.6B\nstage: sft\ndo_train: true\nfinetuning_type: lora\nper_device_train_batch_size: 4\ncutoff_len: 1024\npure_bf16: true\n' >"$d/pure.yaml"
printf 'model_name_or_path: Qwen/Qwen3-0.6B\nstage: sft\ndo_train: true\nfinetuning_type: lora\nper_device_train_batch_size: 4\ncutoff_len: 1024\nbf16: true\n' >"$d/amp.yaml"
"$VRAMPLAN" check "$d/pure.yaml" "$d/amp.yaml" --gpu a100-80gb -v 2>&1 >/dev/null | grep -o '[a-z]*\.yaml: llamafactory config.*'
