# An unknown name or list far longer than a diagnostic's buffer is echoed
# cut and marked "...", and the rest of the message (where to look, what is
# expected) still prints. Before, the 768-byte buffer cut each of these
# mid-word inside the echoed name, and the hint after it was lost.
long=$(printf 'org/%0900d' 0)
"$VRAMPLAN" plan --model "$long" --gpu t4
echo "exit $?"
"$VRAMPLAN" plan --model gpt2 --gpu "$long"
echo "exit $?"
targets=$(i=0; while [ $i -lt 60 ]; do printf 'target_module_%d,' $i; i=$((i + 1)); done)
"$VRAMPLAN" plan --model gpt2 --gpu t4 --method lora --lora-targets "${targets%,}"
echo "exit $?"
