# LLaMA-Factory loads a LoRA base in fp16 on a GPU without bf16 whatever its
# keys say (infer_optim_dtype), so a T5-family LoRA there overflows fp16 and
# the advice is a full fine-tune in fp32. Until 2026-12-01 plan advised
# --precision fp32, which --profile llamafactory refuses for LoRA, and check
# advised fp16: false, which a LoRA config read so may already say.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$VRAMPLAN" --model mt5-small --gpu t4 --profile llamafactory --method lora 2>&1 >"$d/c.yaml" | grep overflows
"$VRAMPLAN" check "$d/c.yaml" --model mt5-small --gpu t4 2>&1 >/dev/null | grep overflows | sed 's/^[^:]*: [^:]*: [^:]*:[0-9]*:[0-9]*: //'
