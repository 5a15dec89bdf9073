# torchrun starts one trainer per GPU: each its own framework, checkpoint copy and workers
"$VRAMPLAN" plan --model llama-3.2-1b --gpu a100-40gb --gpus 2 --host-ram 64GiB --cpus 32 2>&1 | grep "host RAM\|dataloader_num_workers"
"$VRAMPLAN" plan --model llama-3.2-1b --gpu a100-40gb --gpus 8 --host-ram 16GiB --cpus 32
echo "exit $?"
# where loading is the largest moment, its comment counts a copy in each
# process, as the sum does (until 2026-12-01 "one host copy of it" for 2)
"$VRAMPLAN" plan --model llama-3.2-3b --gpu a100-80gb --method lora --gpus 2 --host-ram 64GiB --cpus 2 --eval-predictions none | grep "loading"
"$VRAMPLAN" plan --model llama-3.2-3b --gpu a100-80gb --method lora --gpus 4 --nodes 2 --cpus 2 --eval-predictions none | grep "loading"
