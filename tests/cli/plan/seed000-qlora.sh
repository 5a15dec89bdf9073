# seed 000: mT5 XLSum QLoRA on an RTX 3090 in a 60 GiB container with 48 cores
"$VRAMPLAN" --model mt5 --gpu rtx3090 --method qlora --host-ram 60GiB --cpus 48
