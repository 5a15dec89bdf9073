# check: optim adamw_torch_4bit or adamw_torch_8bit (torchao) on a PyTorch
# that transformers refuses them on (2.4.0 and earlier: trainer_optimizer.py
# _get_torchao_optimizer) is an input error at the optim key, whether
# --torch-version or vramplan.torch_version says the version.
for o in adamw_torch_4bit adamw_torch_8bit; do
	printf 'model_name_or_path: Qwen/Qwen2.5-0.5B\noptim: %s\nbf16: true\nper_device_train_batch_size: 4\n' "$o" |
		"$VRAMPLAN" check - --gpu rtx4090 --torch-version 2.0.1
	echo "exit $?"
done
printf 'model_name_or_path: Qwen/Qwen2.5-0.5B\noptim: adamw_torch_4bit\nbf16: true\nper_device_train_batch_size: 4\nvramplan:\n  torch_version: "1.13.1"\n' |
	"$VRAMPLAN" check - --gpu rtx4090
echo "exit $?"
