# 2^40 evaluation samples: keeping them all on the GPU is past 2^60 bytes,
# so each step moves at once (the plan still prints; the host line says what
# the set would take)
"$VRAMPLAN" --model mt5 --gpu rtx3090 --eval-samples 1099511627776 | grep -E "^eval_accumulation_steps|^per_device_eval"
echo "exit $?"
