# A misspelt key of the vramplan: block (an input error, exit 2) names the
# key it is nearest, as a misspelt trainer key does (at most one edit per
# four characters, two at most), and the command line's spelling of a key
# (seq-len, host-ram, grad-ckpt; --zero for zero_stage) names the block's.
# Until 2026-11-30 each got the list of all the block's keys. A name near
# none still gets the list.
for k in methd seq-len host-ram grad-ckpt util_ zero gpus_memory; do
	out=$(printf 'model_name_or_path: gpt2\nvramplan:\n  gpu: t4\n  %s: 1\n' "$k" | "$VRAMPLAN" check - 2>&1)
	echo "exit $?: $(echo "$out" | cut -c1-120)"
done
# --set reads as the block does
printf 'model_name_or_path: gpt2\n' | "$VRAMPLAN" check - --gpu t4 --set metod=lora
echo "exit $?"
