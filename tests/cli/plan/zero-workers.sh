# room for the trainer only: no workers, so no prefetch factor and no persistent workers
"$VRAMPLAN" -q --model mt5 --gpu rtx3090 --host-ram 7GiB --cpus 48 | grep -v "^#"
