# Setups the estimator refuses beside DeepSpeed ZeRO name the options at
# fault on the command line, and check points at the ZeRO stage's key.
# Before, plan said "the optimizer step in backward cannot be combined with
# DeepSpeed ZeRO" (no option), and check put both refusals at the train
# batch's line.
"$VRAMPLAN" plan --model gpt2 --gpu t4 --optimizer-in-backward --zero 3 --gpus 2
echo "exit $?"
"$VRAMPLAN" estimate --model gpt2 --gpu t4 --batch 1 --fsdp --zero 2 --gpus 2
echo "exit $?"
printf 'model_name_or_path: gpt2\nper_device_train_batch_size: 8\nfsdp: full_shard\nvramplan:\n  gpu: t4\n  gpus: 2\n  zero_stage: 2\n' |
	"$VRAMPLAN" check -q -
echo "exit $?"
printf 'model_name_or_path: gpt2\nper_device_train_batch_size: 8\nfsdp: full_shard\nvramplan:\n  gpu: t4\n  gpus: 2\n' |
	"$VRAMPLAN" check -q - --zero 3
echo "exit $?"
