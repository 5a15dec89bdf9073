# A T5-family plan with --attn sdpa names SDPA in the trainer's keys
# (axolotl sdp_attention, LLaMA-Factory flash_attn: sdpa): unnamed, the run
# takes its transformers release's choice, eager before
# huggingface/transformers#47014, as check reads it. Until 2026-12-01 the
# keys said nothing (LLaMA-Factory: auto), and check of the plan's own
# settings counted eager at the batch planned for SDPA.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$VRAMPLAN" --model mt5-base --gpu a100-80gb --attn sdpa --profile axolotl 2>/dev/null >"$d/ax.yaml"
grep '^sdp_attention:' "$d/ax.yaml"
"$VRAMPLAN" check "$d/ax.yaml" --gpu a100-80gb --model mt5-base 2>&1 | grep -o "[a-z]* attention, "
"$VRAMPLAN" --model mt5-base --gpu a100-80gb --attn sdpa --profile llamafactory 2>/dev/null | grep '^flash_attn:'
# TrainingArguments has no attention key: the hf plan says what the script
# passes to from_pretrained and which key check reads beside the printed
# ones; with it (and the plan's lengths) check reads the planned batch
"$VRAMPLAN" --model mt5-base --gpu a100-80gb --attn sdpa 2>/dev/null >"$d/hf.yaml"
grep -o "no attention key: .*" "$d/hf.yaml"
printf 'attn_implementation: sdpa\nmax_source_length: 512\nmax_target_length: 128\n' >>"$d/hf.yaml"
"$VRAMPLAN" check "$d/hf.yaml" --gpu a100-80gb --model mt5-base 2>/dev/null | grep -o "FITS: train batch [0-9]*"
"$VRAMPLAN" --model mt5-base --gpu a100-80gb --attn sdpa 2>/dev/null | grep -o "^# train batch [0-9]*"
# a DeepSpeed config has no attention key either: the note names check's
# --attn, with which the config reads back as the plan's batch (eager
# without it)
"$VRAMPLAN" --model mt5-base --gpu a100-80gb --attn sdpa --profile deepspeed --zero 2 2>/dev/null >"$d/ds.json"
grep -o "no attention key: .*" "$d/ds.json"
grep -o "^# train batch [0-9]*" "$d/ds.json"
"$VRAMPLAN" check "$d/ds.json" --gpu a100-80gb --model mt5-base --attn sdpa --optimizer adamw-fused 2>/dev/null | grep -o "FITS: train batch [0-9]*"
