# --dataset-ram: the trainer holds the tokenized set, and each persistent
# worker comes to hold a copy of what it reads (copy-on-access), so a 6 GiB
# set leaves room in a 60 GB container for 3 workers where seed 000's 2 GiB
# a worker allowed 13.
"$VRAMPLAN" --model mt5 --gpu rtx3090 --method qlora --seq-len 512 --target-len 128 --host-ram 60GB --cpus 48 \
	--dataset-ram 6GiB | grep "host RAM\|dataloader_"
