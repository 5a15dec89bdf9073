# LLaMA-Factory's parser refuses predict_with_generate at any stage but sft
# (hparams/parser.py get_train_args: "`predict_with_generate` cannot be set
# as True except SFT."): a pt config with it is an input error at the key,
# exit 2, trained or not. Until 2026-11-29 check checked it with a
# generation of max_new_tokens (exit 0 or 1). The same file at stage sft, or
# at pt without generation, is checked.
cfg='model_name_or_path: meta-llama/Llama-3.2-1B
stage: STAGE
finetuning_type: lora
do_train: true
dataset: c4_demo
template: default
val_size: 0.1
eval_strategy: steps
per_device_train_batch_size: 1
per_device_eval_batch_size: 1
predict_with_generate: GEN
'
for v in "pt true" "pt false" "sft true"; do
	set -- $v
	printf '%s' "$cfg" | sed "s/STAGE/$1/; s/GEN/$2/" | "$VRAMPLAN" check -q --gpu h100 - >/dev/null
	echo "stage $1, predict_with_generate $2: exit $?"
done
# predicting only (no do_train) is refused too
printf '%s' "$cfg" | sed 's/STAGE/pt/; s/GEN/true/; /^do_train/d; s/^eval_strategy: steps/do_predict: true/' |
	"$VRAMPLAN" check -q --gpu h100 -
echo "exit $?"
