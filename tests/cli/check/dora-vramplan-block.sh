# An hf TrainingArguments config has no LoRA keys: the plan's LoraConfig,
# DoRA included, lives in the training script, so check takes it from the
# vramplan: block (dora: true beside method: lora) or from --dora, as
# --grad-ckpt and --method are shorthands of its keys. The block wins over a
# trainer key (TRL's use_dora: false below). Each run: the setup line says
# DoRA and the remark points at the dora key's value; the same batch as the
# plan made with --dora. Without adapters, a note says DoRA does not run.
plan=$("$VRAMPLAN" --model qwen2.5-0.5b --gpu a10g --method lora --dora --seq-len 512 2>/dev/null |
	sed -n 's/^per_device_train_batch_size: //p')
cfg="model_name_or_path: Qwen/Qwen2.5-0.5B
per_device_train_batch_size: $plan
max_length: 512
bf16: true
"
printf '%svramplan:\n  method: lora\n  dora: true\n' "$cfg" |
	"$VRAMPLAN" check --gpu a10g - 2>&1 | grep -E "DoRA|FIT" | sed "s/batch $plan /batch PLAN /"
printf '%suse_peft: true\nuse_dora: false\nvramplan:\n  dora: true\n' "$cfg" |
	"$VRAMPLAN" check --gpu a10g - 2>&1 | grep -E "remark|DoRA is" | cut -c1-90
out=$(printf '%s' "$cfg" | "$VRAMPLAN" check --gpu a10g --method lora --dora - 2>&1)
echo "exit $?"
echo "$out" | grep -E "DoRA|FIT" | sed "s/batch $plan /batch PLAN /"
# in JSON, the command line's remark has no place in the file (line and
# column 0, as an error about a --set setting), not line 2 of <stdin>
printf '%s' "$cfg" | "$VRAMPLAN" check --gpu a10g --method lora --dora --format json - 2>/dev/null |
	tr -d '\n\t' | grep -o '"remarks":[^]]*]' | cut -c1-70
printf '%s' "$cfg" | "$VRAMPLAN" check --gpu a10g --dora - 2>&1 | grep -E "dora" | cut -c1-120
printf '%svramplan:\n  dora: yes please\n' "$cfg" | "$VRAMPLAN" check --gpu a10g - 2>&1
echo "exit $?"
