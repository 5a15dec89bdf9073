# A size beyond 2^64 bytes.
timeout 60 "$VRAMPLAN" --model mt5 --gpu rtx3090 --host-ram 99999999TiB
