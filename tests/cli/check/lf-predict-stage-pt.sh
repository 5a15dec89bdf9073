# LLaMA-Factory's pt workflow has no prediction (train/pt/workflow.py
# run_pt: trainer.evaluate() `if do_eval`, no trainer.predict()). Without
# do_train, do_predict alone then runs nothing: an input error at the key,
# exit 2. Beside an eval_strategy (which sets do_eval), the evaluation is
# what runs, and the note says "evaluates". Until 2026-12-02 both were
# checked as a prediction ("this run only predicts").
cfg='model_name_or_path: meta-llama/Llama-3.2-1B
stage: pt
finetuning_type: lora
dataset: c4_demo
val_size: 0.1
do_predict: true
per_device_eval_batch_size: 1
'
printf '%s' "$cfg" | "$VRAMPLAN" check --gpu h100 -
echo "exit $?"
printf '%seval_strategy: steps\n' "$cfg" | "$VRAMPLAN" check --gpu h100 - 2>&1 | grep -o 'so this run only [a-z ]*'
# at stage sft (with the generation LLaMA-Factory requires) it predicts
printf '%spredict_with_generate: true\n' "$cfg" | sed 's/^stage: pt/stage: sft/' | "$VRAMPLAN" check --gpu h100 - 2>&1 |
	grep -o 'so this run only [a-z ]*'
