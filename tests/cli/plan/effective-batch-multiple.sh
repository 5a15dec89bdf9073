# --batch-multiple holds under --effective-batch: the micro-batch is the
# largest divisor of the per-GPU share that fits and is a multiple (240 is
# 60 x 4 alone, 48 x 5 with --batch-multiple 16). A pair no batch can
# honour (no multiple of 8 divides 60) is refused, not half-ignored. Where
# memory allows less than the multiple, a power of two below it (16 x 12 on
# an RTX 3090, which fits 20), as without an effective batch.
for args in "--effective-batch 240" "--effective-batch 240 --batch-multiple 16" \
	"--effective-batch 256 --batch-multiple 8 --gpus 2" \
	"--effective-batch 192 --batch-multiple 64 --gpu rtx3090"; do
	echo "== $args"
	# shellcheck disable=SC2086
	"$VRAMPLAN" --model gpt2 --gpu a100-80gb $args | grep -E '^(per_device_train_batch_size|gradient_accumulation_steps):|^# effective'
done
"$VRAMPLAN" --model gpt2 --gpu a100-80gb --effective-batch 60 --batch-multiple 8
echo "exit $?"
"$VRAMPLAN" --model gpt2 --gpu a100-80gb --effective-batch 96 --gpus 4 --batch-multiple 16
echo "exit $?"
