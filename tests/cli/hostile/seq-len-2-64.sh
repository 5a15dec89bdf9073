# 2^64 does not fit in 64 bits.
timeout 60 "$VRAMPLAN" --model mt5 --gpu rtx3090 --seq-len 18446744073709551616
