# A comma-separated list of known GPUs is one unknown name to --gpu: said
# as a list, with how to give several (before: "did you mean 'rtx3090' or
# 'a10'?", the nearest single names). A list with an unknown name keeps the
# suggestions.
"$VRAMPLAN" --model mt5 --gpu rtx3090,a100
echo "exit $?"
"$VRAMPLAN" check -q --gpu rtx3090,a100-80gb examples/configs/seed000-stage4.yaml
echo "exit $?"
"$VRAMPLAN" --model mt5 --gpu rtx3090,rtx9090
echo "exit $?"
