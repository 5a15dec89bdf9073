# Another tool's name for a precision or an attention kernel is refused
# (exit 2) with vramplan's name for it: Lightning's precision names, which
# `--profile lightning` itself prints (precision: bf16-mixed), transformers'
# attn_implementation, which the plan's notes print, and LLaMA-Factory's
# flash_attn values. Until 2026-11-30 '--precision bf16-mixed' got only the
# list, whose 'bf16' means 16-bit weights without autocast here, not
# Lightning's bf16-mixed (bf16 autocast over fp32 weights, amp-bf16).
"$VRAMPLAN" --model kobart --gpu rtx3090 --profile lightning | grep "precision:"
for opt in "--precision bf16-mixed" "--precision 16-mixed" "--precision bf16-true" "--precision 16-true" \
	"--precision 32-true" "--precision 32" "--precision 16" "--precision fp16-mixed" \
	"--attn flash_attention_2" "--attn fa2" "--attn disabled"; do
	# shellcheck disable=SC2086
	out=$("$VRAMPLAN" --model kobart --gpu rtx3090 $opt 2>&1)
	echo "exit $?: $out"
done
# the same in a config's vramplan: block and in check's shorthands
printf 'model_name_or_path: gpt2\nvramplan:\n  gpu: t4\n  precision: bf16-mixed\n' | "$VRAMPLAN" check -
echo "exit $?"
printf 'model_name_or_path: gpt2\n' | "$VRAMPLAN" check - --gpu t4 --attn flash_attention_2
echo "exit $?"
# a name no tool uses still gets the list
"$VRAMPLAN" --model kobart --gpu rtx3090 --precision fp8
echo "exit $?"
