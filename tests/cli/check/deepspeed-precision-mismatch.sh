# A DeepSpeed file named by an hf config whose fp16.enabled or bf16.enabled
# disagrees with the trainer's fp16/bf16 (absent: false) stops the HF Trainer
# at startup: trainer_config_process fill_match("bf16.enabled", args.bf16 or
# args.bf16_full_eval), then "Please correct the following DeepSpeed config
# values that mismatch TrainingArguments values". Until 2026-11-30 check read
# the precision from the trainer's flags and checked such a pair as if it ran.
# "auto", or a matching value, passes; an fp16_full_eval key (not read) may
# make the trainer's side true, so its flag is not compared.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\nmax_length: 512\nper_device_train_batch_size: 4\nbf16: true\ndeepspeed: ds.json\n' >"$d/train.yaml"
for ds in '"fp16": {"enabled": true}, "bf16": {"enabled": false}' '"bf16": {"enabled": false}' \
	'"bf16": {"enabled": "auto"}, "fp16": {"enabled": "auto"}' '"bf16": {"enabled": true}, "fp16": {"enabled": false}'; do
	printf '{"zero_optimization": {"stage": 2}, "train_micro_batch_size_per_gpu": "auto", %s}\n' "$ds" >"$d/ds.json"
	out=$("$VRAMPLAN" check -q --gpu a100-80gb --gpus 2 "$d/train.yaml" 2>&1)
	rc=$?
	printf '%s\n' "$out" | sed "s|$d/||g"
	echo "exit $rc"
done
printf 'fp16_full_eval: true\n' >>"$d/train.yaml"
printf '{"zero_optimization": {"stage": 2}, "train_micro_batch_size_per_gpu": "auto", "fp16": {"enabled": true}}\n' >"$d/ds.json"
"$VRAMPLAN" check -q --gpu a100-80gb --gpus 2 "$d/train.yaml" 2>&1 | sed "s|$d/||g"
