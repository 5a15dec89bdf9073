# --attn eager names eager where the run's default is another kernel (SDPA,
# transformers' default on PyTorch 2): axolotl's eager_attention: true
# (src/axolotl/loaders/model.py _set_attention_config: attn_implementation=
# "eager"), and under TrainingArguments a note naming attn_implementation=
# "eager" for the script and for check. Until 2026-12-01 the keys said
# nothing, and check of the plan's own settings read SDPA: bert-base's eager
# plan, 18.67 GiB at batch 34 on an RTX 3090, read back at 9.46 GiB.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$VRAMPLAN" --model llama-3.2-1b --gpu a100-80gb --attn eager --profile axolotl 2>/dev/null >"$d/ax.yaml"
grep '^eager_attention:' "$d/ax.yaml"
"$VRAMPLAN" check "$d/ax.yaml" --gpu a100-80gb --model llama-3.2-1b 2>&1 | grep -o "[a-z]* attention, "
"$VRAMPLAN" --model bert-base --gpu rtx3090 --attn eager 2>/dev/null >"$d/hf.yaml"
grep -o "no attention key: .*" "$d/hf.yaml"
grep -o "^# train batch [0-9]*: device peak [0-9.]* GiB" "$d/hf.yaml"
printf 'attn_implementation: eager\nmax_seq_length: 512\n' >>"$d/hf.yaml"
"$VRAMPLAN" check "$d/hf.yaml" --gpu rtx3090 --model bert-base 2>/dev/null | grep -o "FITS: train batch [0-9]* peak [0-9.]* GiB"
# BLOOM has eager alone: its default is eager, and nothing is added
"$VRAMPLAN" --model bloom-560m --gpu a100-80gb --attn eager --profile axolotl 2>/dev/null | grep -c "eager_attention\|no attention key" || true
