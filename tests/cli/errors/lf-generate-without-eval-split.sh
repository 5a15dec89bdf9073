# LLaMA-Factory generates from its evaluation split alone: with do_train and
# predict_with_generate but neither eval_dataset nor val_size its parser
# stops ("Please make sure eval_dataset be provided or val_size >1e-6",
# hparams/parser.py), so check refuses the config at predict_with_generate
# (line 6, column 1); with val_size it is checked (training with generation
# is accepted since 0.8.3: tests/cli/check/lf-generate-while-training.sh;
# until 2026-11-29 check refused do_train with predict_with_generate as
# 0.8.2 did), and with predict_with_generate false too. With do_train false
# and neither do_eval nor do_predict LLaMA-Factory runs nothing
# (train/sft/workflow.py trains only `if training_args.do_train`): an input
# error at do_train; with do_predict and an evaluation split it only
# predicts, and that is checked.
cfg='model_name_or_path: meta-llama/Llama-3.2-1B
stage: sft
do_train: true
finetuning_type: lora
cutoff_len: 512
predict_with_generate: true
per_device_train_batch_size: 4
bf16: true
'
printf '%s' "$cfg" >"${TMPDIR:-/tmp}/vp-lf-gen-$$.yaml"
f="${TMPDIR:-/tmp}/vp-lf-gen-$$.yaml"
{
	"$VRAMPLAN" check --gpu a10g "$f" 2>&1 >/dev/null
	echo "exit $?"
} | sed "s|$f|lf.yaml|"
printf '%s' "$cfg" | sed 's/^do_train: true/do_train: false/' | "$VRAMPLAN" check --gpu a10g - 2>&1 >/dev/null | cut -c1-100
printf '%s' "$cfg" | sed 's/^do_train: true/do_train: false/' | "$VRAMPLAN" check --gpu a10g - >/dev/null 2>&1
echo "do_train false: exit $?"
printf '%sdo_predict: true\neval_dataset: alpaca_en_demo\n' "$cfg" | sed 's/^do_train: true/do_train: false/' |
	"$VRAMPLAN" check --gpu a10g - 2>/dev/null
echo "do_train false, do_predict: exit $?"
printf '%s' "$cfg" | sed 's/^predict_with_generate: true/predict_with_generate: false/' | "$VRAMPLAN" check --gpu a10g - >/dev/null 2>&1
echo "predict_with_generate false: exit $?"
printf '%sval_size: 0.1\n' "$cfg" | "$VRAMPLAN" check --gpu a10g - >/dev/null 2>&1
echo "val_size 0.1: exit $?"
rm -f "$f"
# LLaMA-Factory reads its own predict_with_generate alone: the vramplan:
# block's generate (or --set generate) neither cures the refusal nor moves
# it off the file's key (line 6), and alone it causes none
printf '%svramplan:\n  generate: false\n' "$cfg" | "$VRAMPLAN" check --gpu a10g - 2>&1 >/dev/null | cut -c1-80
printf '%s' "$cfg" | "$VRAMPLAN" check --gpu a10g --set generate=false - 2>&1 >/dev/null | cut -c1-80
printf '%s' "$cfg" | sed 's/^predict_with_generate: true/predict_with_generate: false/' |
	sed '$a vramplan:\n  generate: true' | "$VRAMPLAN" check --gpu a10g - >/dev/null 2>&1
echo "block generate, file's false: exit $?"
