# label_smoothing_factor > 0: the Trainer pops the labels and its
# LabelSmoother computes the loss from the returned logits, which the
# estimate counts; the setup note says so. 0 is off and says nothing; a
# value past 1 is an input error.
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\nper_device_train_batch_size: 2\nlabel_smoothing_factor: 0.1\n' |
	"$VRAMPLAN" check --gpu a10g - 2>&1 | grep -E "hf config|label_smoothing_factor"
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\nper_device_train_batch_size: 2\nlabel_smoothing_factor: 0.0\n' |
	"$VRAMPLAN" check --gpu a10g - 2>&1 | grep -c "abel"
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\nlabel_smoothing_factor: 1.5\n' |
	"$VRAMPLAN" check --gpu a10g -
echo "exit $?"
