# torchrun starts one trainer per GPU: each its own framework, checkpoint copy and workers
"$VRAMPLAN" plan --model llama-3.2-1b --gpu a100-40gb --gpus 2 --host-ram 64GiB --cpus 32 2>&1 | grep "host RAM\|dataloader_num_workers"
"$VRAMPLAN" plan --model llama-3.2-1b --gpu a100-40gb --gpus 8 --host-ram 16GiB --cpus 32
echo "exit $?"
