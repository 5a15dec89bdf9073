# --format json under the axolotl profile: list and number settings
# (lora_target_modules, lora_dropout), the allocator cap in the setup, the
# evaluation set's size, and the host plan with the count of non-persistent
# workers that would fit where persistent ones are limited by --host-ram
"$VRAMPLAN" --model llama-3.2-1b --gpu rtx4090 --method lora --lora-targets q_proj,v_proj --profile axolotl \
	--memory-fraction 0.9 --eval-samples 500 --eval-predictions argmax --host-ram 24GiB --dataset-ram 3GiB \
	--cpus 32 --format json
