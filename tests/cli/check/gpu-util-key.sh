# A script's own target for the GPU memory a run may fill (seed 004's
# `target_gpu_util: 0.8`, read by its batch-size manager) sets nothing in
# check, whose budget is vramplan.util or --util: a warning naming the block
# key with the value (a whole percentage read as its fraction; 1.5 or 1e-9
# is neither a fraction nor a percentage, listed only), until 2026-11-30
# only listed among the ignored keys. Beside the block's util, a note. An
# inference engine's share of the GPU (TRL GRPO's
# vllm_gpu_memory_utilization) is another process's: listed only; so is
# how often the utilisation is logged (until 2026-11-30 read as util 0.1).
for body in 'target_gpu_util: 0.8' 'gpu_util: 85' 'gpu_util: 1.5' 'gpu_util: 1e-9' 'vllm_gpu_memory_utilization: 0.3' 'gpu_util_log_interval: 10' \
	'target_gpu_util: 0.7\nvramplan:\n  util: 0.7'; do
	printf "per_device_train_batch_size: 2\n$body\n" |
		"$VRAMPLAN" check - --gpu rtx3090 --model llama-3.2-1b 2>&1 >/dev/null | grep -E "util|ignored keys"
done
