# An hf plan's keys hold no length (TrainingArguments has no length key), so
# check read them back at the script's default lengths and called mT5's own
# plan "does not fit" (batch 7 planned at 512 tokens, checked at 1024). The
# plan's note names the keys that give its lengths; with them (and the model)
# the config reads back as the same plan: the same batches and peaks.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
# round_trip MODEL METHOD: TrainingArguments has no LoRA key either (the
# plan's other note), so check is told the method
round_trip() {
	model=$1
	method=$2
	"$VRAMPLAN" --model "$model" --gpu rtx3090 --method "$method" >"$d/plan.yaml"
	{
		echo "model_name_or_path: $model"
		# "reads your script's max_source_length: 512 and max_target_length: 128 (...)"
		grep "^# note: TrainingArguments has no length key" "$d/plan.yaml" |
			sed 's/.*your script.s //; s/ (.*//; s/ and /\n/'
		grep -v "^#" "$d/plan.yaml"
	} >"$d/config.yaml"
	grep "_length\|length:" "$d/config.yaml"
	grep "^# train batch\|^# eval batch" "$d/plan.yaml" | sed 's/ (.*//; s/;.*//'
	(cd "$d" && "$VRAMPLAN" check -q config.yaml --gpu rtx3090 --method "$method")
	echo "exit $?"
}
round_trip mt5 full
round_trip llama-3.2-1b lora
# A DeepSpeed config has no length key at all (nor a model): check reads it
# at 512 tokens unless told; the note gives the options that read it back
"$VRAMPLAN" --model llama-3.2-1b --gpu a100-80gb --profile deepspeed --zero 2 --seq-len 2048 >"$d/ds.yaml"
note=$(grep "^# note: a DeepSpeed config has no length key" "$d/ds.yaml")
echo "$note"
grep "^# train batch" "$d/ds.yaml" | sed 's/ (.*//; s/;.*//'
# shellcheck disable=SC2046
(cd "$d" && "$VRAMPLAN" check -q ds.yaml --gpu a100-80gb --model llama-3.2-1b $(echo "$note" | sed 's/.* with //; s/ (else.*//') |
	sed 's/; eval batch.*//')
