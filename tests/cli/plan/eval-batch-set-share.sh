# A known evaluation set bounds the eval batch at each GPU's share of it:
# 10 samples run as one batch of 10 on one GPU, and as a batch of 5 on each
# of 2 (accelerate's BatchSamplerShard fills a larger batch with the set
# again, duplicates that gather_for_metrics drops); 11 over 2 GPUs, 6.
# Until 2026-11-30 the plan searched up to --max-batch: eval batch 70 on
# one H100 for 10 samples, with the peak of a batch that never runs. A set
# larger than the memory allows leaves the batch to the memory, no note.
# At an odd length the token multiple is 8, and a GPU's share that fits is
# kept as it is: 20 samples at 1,001 tokens on 2 GPUs are one step of 10 a
# GPU. Until 2026-12-01 the share was rounded down to 8, two steps a GPU
# (8, then 2 filled up to 8 with repeated samples), one step short.
for gpus in 1 2; do
	"$VRAMPLAN" --model qwen3-0.6b --gpu h100 --eval-samples 10 --gpus $gpus 2>/dev/null |
		grep -E "^# eval batch|^per_device_eval"
done
"$VRAMPLAN" --model qwen3-0.6b --gpu h100 --eval-samples 11 --gpus 2 2>/dev/null | grep "^per_device_eval"
"$VRAMPLAN" --model qwen3-0.6b --gpu h100 --eval-samples 20 --gpus 2 --seq-len 1001 2>/dev/null |
	grep -E "^# eval batch|^per_device_eval"
"$VRAMPLAN" --model qwen3-0.6b --gpu h100 --eval-samples 100000 | grep -E "^per_device_eval|whole evaluation set"
