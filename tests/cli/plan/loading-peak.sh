# Loading the checkpoint puts one host copy of it beside the trainer before
# any DataLoader worker exists: for a 3B model (fp32 weights under AMP) on 2 cores (no
# worker), that is the host's largest moment, and a limit below it fails.
"$VRAMPLAN" --model llama-3.2-3b --gpu a100-80gb --method lora --host-ram 20GB --cpus 2 | grep "host RAM\|dataloader_num"
"$VRAMPLAN" --model llama-3.2-3b --gpu a100-80gb --method lora --host-ram 9GB --cpus 2
# a dataset that alone nearly fills the container: the message names it
"$VRAMPLAN" --model mt5 --gpu rtx3090 --dataset-ram 58GB --host-ram 60GB
