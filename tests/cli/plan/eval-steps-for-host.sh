# The GPU holds five eval steps' logits at eval batch 32; host RAM holds
# one step's at 31, so the plan moves each step at once for the host's
# sake, and its comment says so rather than that two steps would not fit
# the GPU (they would).
"$VRAMPLAN" --model gpt2 --gpu a100-80gb --max-batch 32 | grep "^# eval_accumulation_steps\|^# concatenated"
"$VRAMPLAN" --model gpt2 --gpu a100-80gb --max-batch 32 --host-ram 6GiB |
	grep -A1 "^# eval_accumulation_steps"
