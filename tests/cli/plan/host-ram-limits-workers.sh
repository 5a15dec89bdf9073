"$VRAMPLAN" --model mt5 --gpu rtx3090 --host-ram 12GiB --cpus 48 | grep -v "^#"
