# --format json under the axolotl profile: list and number settings
# (lora_target_modules, lora_dropout), the allocator cap in the setup, the
# evaluation set's size, and the host plan. axolotl passes no
# persistent_workers to TrainingArguments (src/axolotl/core/builders/base.py
# _set_base_training_args), so its workers are forked anew each epoch and
# copy a 1/N share of the set: 10 workers, a third of 32 cores, and no
# workers_if_not_persistent (until 2026-11-30 the axolotl plan counted
# persistent workers, 2 of them, which check read back lower)
"$VRAMPLAN" --model llama-3.2-1b --gpu rtx4090 --method lora --lora-targets q_proj,v_proj --profile axolotl \
	--memory-fraction 0.9 --eval-samples 500 --eval-predictions argmax --host-ram 24GiB --dataset-ram 3GiB \
	--cpus 32 --format json
# the hf profile prints dataloader_persistent_workers: true, limited to 2 by
# --host-ram, with the count of non-persistent workers that would fit
"$VRAMPLAN" --model llama-3.2-1b --gpu rtx4090 --method lora --lora-targets q_proj,v_proj \
	--memory-fraction 0.9 --eval-samples 500 --eval-predictions argmax --host-ram 24GiB --dataset-ram 3GiB \
	--cpus 32 --format json 2>/dev/null | grep -E '"(num_workers|persistent_workers|workers_if_not_persistent)"'
