# LLaMA-Factory's CustomSeq2SeqTrainer.prediction_step pops the labels when
# it generates (train/sft/trainer.py: "do not pass labels to model when
# generate"), so Seq2SeqTrainer.prediction_step runs no loss forward: the
# evaluation peaks in generation, and label_smoothing_factor (whose
# LabelSmoother would run only in that loss forward) leaves it unchanged.
# The returned labels are kept with the generated ids: 8 rows of the 512
# prompt positions (padded, not removed: the rows keep their length) and
# 128 new tokens (max_new_tokens: LLaMA-Factory's own generation length,
# which wins over generation_max_length), and 8 x 512 labels, 8 bytes each,
# no loss. Without do_train: true the file only evaluates (docs/check.md
# "What is checked").
cfg='model_name_or_path: meta-llama/Llama-3.2-1B
stage: sft
finetuning_type: lora
cutoff_len: 512
per_device_train_batch_size: 4
bf16: true
val_size: 0.1
eval_strategy: steps
predict_with_generate: true
max_new_tokens: 128
'
eval_of() {
	printf '%s%s\n' "$cfg" "$1" | "$VRAMPLAN" check --gpu a10g --format json - 2>/dev/null | tr -d '\t' |
		sed -n '/"eval":/,/}/p' | grep -E '"peak_bytes"|"peak_moment"|"predictions_bytes_per_step"'
}
with=$(eval_of 'label_smoothing_factor: 0.1')
without=$(eval_of 'label_smoothing_factor: 0')
echo "$with" | grep -E 'peak_moment|predictions_bytes'
echo "predictions are 8 x (512 + 128) x 8 + 8 x 512 x 8: $(echo "$with" | grep -c "\"predictions_bytes_per_step\":$((8 * (512 + 128) * 8 + 8 * 512 * 8)),")"
echo "eval peak unchanged by label smoothing: $([ "$with" = "$without" ] && echo 1 || echo 0)"
