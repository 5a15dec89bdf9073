# 2^40 evaluation samples' predictions are past 2^64 bytes: the host sum
# saturates, prints "at least", and no --host-ram holds it, not even the
# largest one read (1 EiB); before, a limit of 2^64 - 1 bytes compared it
# as fitting
"$VRAMPLAN" --model mt5 --gpu rtx3090 --eval-samples 1099511627776 --host-ram 1048576T
