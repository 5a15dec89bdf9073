# On several data-parallel GPUs every peak and the budget are one GPU's:
# check's line says "per GPU" and plan's budget line "on each of the N
# GPUs". Before 2026-11-30 a ZeRO-3 run of Qwen2.5-72B on 8 H100s read
# "train batch 1 peak 151.90 GiB of 63.72 GiB", which a user could take for
# a total that 8 x 80 GB holds. One GPU: unchanged.
for gpus in 1 8; do
	printf 'model_name_or_path: Qwen/Qwen2.5-72B\nper_device_train_batch_size: 1\nbf16: true\ngradient_checkpointing: true\nmax_seq_length: 4096\neval_strategy: "no"\ndeepspeed:\n  zero_optimization:\n    stage: 3\n' |
		"$VRAMPLAN" check -q --gpu h100 --gpus "$gpus" -
	echo "exit $?"
done
"$VRAMPLAN" --model qwen2.5-72b --gpu h100 --gpus 8 --zero 3 --method lora --grad-ckpt --seq-len 4096 | grep '^# budget'
"$VRAMPLAN" --model qwen2.5-7b --gpu h100 --method lora | grep '^# budget'
