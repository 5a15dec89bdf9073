# An endless file: the reader stops at its 64 MiB cap.
timeout 60 "$VRAMPLAN" --model mt5 --gpu rtx3090 --catalog /dev/zero
