# A frozen model trains nothing: there is no training batch to plan, and
# the error says where a forward pass's memory is estimated instead.
"$VRAMPLAN" --model mt5 --gpu rtx3090 --method frozen
echo "exit $?"
# said before, and instead of, the warnings about the options frozen drops
# (which read as if a plan followed)
"$VRAMPLAN" --model mt5 --gpu rtx3090 --method frozen --grad-ckpt --offload-optimizer cpu --zero 2 2>&1
echo "exit $?"
