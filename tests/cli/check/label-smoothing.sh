# label_smoothing_factor > 0: the Trainer's LabelSmoother computes the loss,
# which the estimate does not model; check says so at the key (a probe put
# it at the counted loss under autocast and up to 4 bytes a logit above it
# without). 0 is off and says nothing; a value past 1 is an input error.
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\nper_device_train_batch_size: 2\nlabel_smoothing_factor: 0.1\n' |
	"$VRAMPLAN" check --gpu a10g - 2>&1 | grep -c "LabelSmoother"
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\nper_device_train_batch_size: 2\nlabel_smoothing_factor: 0.0\n' |
	"$VRAMPLAN" check --gpu a10g - 2>&1 | grep -c "label_smoothing"
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\nlabel_smoothing_factor: 1.5\n' |
	"$VRAMPLAN" check --gpu a10g -
echo "exit $?"
