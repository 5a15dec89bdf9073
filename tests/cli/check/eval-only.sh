# A run that trains nothing, only evaluates or predicts, is checked as that
# pass alone (until 2026-11-29 it was checked as training). LLaMA-Factory
# trains only with do_train: true (TrainingArguments' default is false;
# train/sft/workflow.py calls trainer.train() `if training_args.do_train`),
# so its prediction example, do_predict and no do_train, only predicts; an
# hf config's explicit do_train: false is read as the example scripts read
# it (run_summarization.py: trainer.train() `if training_args.do_train`).
lf=tests/data/check/lf-predict-only.yaml
hf=tests/data/check/hf-eval-only.yaml
"$VRAMPLAN" check --gpu rtx4090 "$lf" "$hf"
echo "exit $?"

# JSON: no train section, and the remark at the key that says why
"$VRAMPLAN" check --gpu rtx4090 --format json "$lf" 2>/dev/null |
	sed -n 's/^\t\t"\(train\)":\t\(null\),$/\1: \2/p; s/^\t\t"\(setup\)":\t"\(.*\)",$/\1: \2/p'
"$VRAMPLAN" check --gpu rtx4090 --format json "$lf" 2>/dev/null | tr -d '\n\t' |
	grep -o '"remarks":\[{"key":"do_predict","line":11,"column":1' || echo "no remark at do_predict"

# peak_bytes of the eval section, or of the prediction's where the run only
# predicts (its eval section is null)
eval_peak() {
	"$VRAMPLAN" check --gpu rtx4090 --format json - 2>/dev/null | awk -F'\t' '/"(eval|prediction)":\t\{/ { e = 1 } e && /"peak_bytes"/ { sub(/,/, "", $NF); print $NF; exit }'
}
params() {
	"$VRAMPLAN" estimate --model "$1" --gpu a10g --batch 1 2>/dev/null | sed -n 's/^params_total: //p'
}
# Evaluation inside training keeps AdamW's two fp32 states of every trained
# parameter (8 bytes each) beside the model; an evaluation alone has none:
# the same hf file with do_train: true evaluates at least that much higher.
alone=$(eval_peak <"$hf")
inside=$(sed 's/^do_train: false/do_train: true/' "$hf" | eval_peak)
p=$(params mt5)
awk -v a="$alone" -v i="$inside" -v p="$p" 'BEGIN {
	print ((i - a >= 8 * p) ? "hf: evaluation alone is at least AdamW'\''s 8 bytes a parameter below evaluation inside training" : "hf: WRONG: " i " - " a " < 8 x " p) }'
# LLaMA-Factory casts the frozen model to its compute dtype: bf16 weights,
# 2 bytes a parameter, resident under the prediction's peak
a=$(eval_peak <"$lf")
p=$(params llama-3.2-3b)
awk -v a="$a" -v p="$p" 'BEGIN { print ((a >= 2 * p) ? "lf: the peak holds the bf16 model" : "lf: WRONG: " a " < 2 x " p) }'

# The largest eval batch named for an eval batch that does not fit is one
# that fits, and the next one does not
sed 's/^per_device_eval_batch_size: 16/per_device_eval_batch_size: 512/' "$lf" | "$VRAMPLAN" check --gpu rtx4090 - 2>/dev/null
echo "exit $?"
n=$(sed 's/^per_device_eval_batch_size: 16/per_device_eval_batch_size: 512/' "$lf" |
	"$VRAMPLAN" check --gpu rtx4090 - 2>/dev/null | sed -n 's/.*largest eval batch that fits \([0-9]*\).*/\1/p')
for b in "$n" $((n + 1)); do
	sed "s/^per_device_eval_batch_size: 16/per_device_eval_batch_size: $b/" "$lf" |
		"$VRAMPLAN" check --gpu rtx4090 - 2>/dev/null | sed 's/: no training.*//'
done

# GitHub's annotation names the eval batch, not a train batch
sed 's/^per_device_eval_batch_size: 16/per_device_eval_batch_size: 512/' "$lf" |
	GITHUB_ACTIONS=true "$VRAMPLAN" check --gpu rtx4090 - 2>/dev/null | grep '^::error'

# host RAM: the eval DataLoader alone
"$VRAMPLAN" check --gpu rtx4090 --host-ram 16GB "$hf" 2>/dev/null
