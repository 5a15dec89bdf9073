# --explain on a plan shows DoRA's line under the train batch, as
# `estimate --explain` does at that batch: Llama 3.2 1B, LoRA r 16 on every
# linear, 16 layers x (2048 + 512 + 512 + 2048 + 8192 + 8192 + 2048) =
# 376832 magnitudes (docs/memory-model.md "DoRA"); without --dora no line.
set -e
opts="--model llama-3.2-1b --gpu a100-80gb --method lora --lora-r 16 --lora-targets all-linear --seq-len 1024"
b=$("$VRAMPLAN" plan $opts --dora 2>/dev/null | sed -n 's/^per_device_train_batch_size: //p')
plan_line=$("$VRAMPLAN" plan $opts --dora --explain 2>&1 >/dev/null | grep "DoRA:")
est_line=$("$VRAMPLAN" estimate $opts --dora --batch "$b" --explain 2>&1 >/dev/null | grep "DoRA:")
echo "$plan_line" | grep -o "DoRA: [0-9]* magnitude parameters"
echo "the estimate's line at the train batch: $([ "$plan_line" = "$est_line" ] && echo same || echo differs)"
echo "DoRA lines without --dora: $("$VRAMPLAN" plan $opts --explain 2>&1 >/dev/null | grep -c "DoRA:" || true)"
