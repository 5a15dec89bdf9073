# An unknown short option in a cluster after a long option is named as
# unknown, not as a long option given a value.
out=$("$VRAMPLAN" --model mt5 --gpu rtx3090 --grad-ckpt -xv 2>&1)
echo "exit $?: $(echo "$out" | head -n 1)"
out=$("$VRAMPLAN" --model mt5 --gpu rtx3090 -qv --quiet=yes 2>&1)
echo "exit $?: $(echo "$out" | head -n 1)"
