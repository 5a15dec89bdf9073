# Each eval step's logits reach host RAM before compute_metrics runs (one
# move at least, whatever the set's size): with no DataLoader worker left to
# drop (2 cores), the plan takes the eval batch down until the evaluation
# fits --host-ram, instead of failing on the host
"$VRAMPLAN" --model llama-3.2-3b --gpu a100-80gb --method lora --host-ram 17GB --cpus 2 |
	grep "eval batch\|during evaluation\|per_device_eval_batch_size\|eval_accumulation_steps:"
