# A quantized base stated in the vramplan: block or on the command line,
# with no adapter, is refused at that setting. Before, the refusal named
# load_in_4bit's origin, which such a config does not have: "<stdin>: ''
# without use_peft: ..." (an empty key, no place).
printf 'model_name_or_path: gpt2\nper_device_train_batch_size: 8\nvramplan:\n  gpu: t4\n  quant: nf4\n' |
	"$VRAMPLAN" check -
echo "exit $?"
printf 'model_name_or_path: gpt2\nper_device_train_batch_size: 8\nvramplan:\n  gpu: t4\n' |
	"$VRAMPLAN" check - --quant int8
echo "exit $?"
printf 'base_model: gpt2\nmicro_batch_size: 8\nsequence_len: 512\nvramplan:\n  gpu: t4\n' |
	"$VRAMPLAN" check - --set quant=nf4
echo "exit $?"
printf 'model_name_or_path: gpt2\nstage: sft\nfinetuning_type: full\nper_device_train_batch_size: 8\nvramplan:\n  gpu: t4\n  quant: nf4\n' |
	"$VRAMPLAN" check -
echo "exit $?"
