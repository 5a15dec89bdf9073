# optim: adamw_torch_4bit is torchao's AdamW4bit, modelled (until
# 2026-11-30 refused as unmodelled); the setup line names adamw-4bit. Then
# a plan with --optimizer adamw-4bit prints that optim (--profile trl, whose
# max_length carries the plan's length) and check reads the file back at
# the plan's batch and peak.
"$VRAMPLAN" check tests/data/check/hf-adamw-4bit.yaml --gpu rtx4090 2>&1 | grep -E 'config, model|FITS|DOES NOT'
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$VRAMPLAN" --model qwen2.5-0.5b --gpu rtx4090 --optimizer adamw-4bit --grad-ckpt --profile trl -q >"$d/c.yaml"
grep -E '^optim:' "$d/c.yaml"
grep -E '^# train batch' "$d/c.yaml" | sed 's/ (allocated.*//'
"$VRAMPLAN" check "$d/c.yaml" --model qwen2.5-0.5b --gpu rtx4090 2>/dev/null | sed 's/^[^ ]* //'
