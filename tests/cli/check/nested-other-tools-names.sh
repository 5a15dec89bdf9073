# Another tool's name for a trainer key one level down in a TrainingArguments
# config (LightningCLI's data: {batch_size}, trainer: {accumulate_grad_batches,
# precision}, as --profile lightning prints them) gets the warning that the
# dotted 'data.batch_size' gets: check reads neither, and until 2026-11-29
# checked a Lightning plan at TrainingArguments' batch 8 without a word.
# A file of LightningCLI's sections alone is refused as one since 2026-12-01
# (lightning-config.sh); beside a TrainingArguments key it is this config.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$VRAMPLAN" --model qwen2.5-0.5b --gpu rtx3090 --profile lightning -q | grep -v '^#' >"$d/c.yaml"
echo "learning_rate: 2.0e-5" >>"$d/c.yaml"
cat "$d/c.yaml"
"$VRAMPLAN" check "$d/c.yaml" --model qwen2.5-0.5b --gpu rtx3090 2>&1 >/dev/null | grep -E "warning: .*ignored|ignored keys" |
	sed 's#^vramplan: [a-z]*: [^ ]*c.yaml#vramplan: FILE#'
# the other flavours' sections are their tools' own: a LLaMA-Factory
# config's unknown section with a batch_size in it gets no hint
printf 'model_name_or_path: Qwen/Qwen2.5-0.5B\nstage: sft\ndo_train: true\nfinetuning_type: lora\nlora_target: all\nper_device_train_batch_size: 2\nmy_callback:\n  batch_size: 64\n' |
	"$VRAMPLAN" check - --gpu rtx3090 2>&1 >/dev/null | grep -E "ignored"
