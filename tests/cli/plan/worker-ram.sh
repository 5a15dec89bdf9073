# --worker-ram sets one DataLoader worker's host memory: 4 GiB workers in a
# 32 GiB container leave room for fewer than a third of 24 cores
"$VRAMPLAN" --model mt5 --gpu rtx3090 --host-ram 32GiB --cpus 24 --worker-ram 4GiB
