# plan and sweep pick the batch and the accumulation: --batch or
# --grad-accum there is refused (exit 2) with where one setup's peak is
# (estimate) and what bounds the search; other options a command does not
# take keep the plain message
"$VRAMPLAN" --model mt5 --gpu rtx3090 --batch 4
echo "exit $?"
"$VRAMPLAN" sweep --model mt5 --grad-accum 2
echo "exit $?"
"$VRAMPLAN" estimate --model mt5 --gpu rtx3090 --batch 4 --max-batch 8
echo "exit $?"
