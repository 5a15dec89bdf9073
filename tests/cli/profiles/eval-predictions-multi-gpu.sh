# Evaluation under the axolotl and LLaMA-Factory profiles keeps the loss
# alone (no compute_metrics: axolotl's trainer builder, LLaMA-Factory's SFT
# without compute_accuracy or generation), as vramplan check reads their
# configs: the plan's eval batch and peak are what check finds in the
# printed file. Until 2026-11-29 the plan kept every GPU's logits, gathered,
# and planned eval batch 13 where check of its own output found 21 GiB.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for p in axolotl llamafactory; do
	"$VRAMPLAN" --model llama-3.2-1b --gpu a100-40gb --seq-len 512 --gpus 2 --zero 2 --profile $p >"$d/c.yaml"
	printf 'vramplan:\n  gpus: 2\n' >>"$d/c.yaml"
	if [ $p = axolotl ]; then echo "val_set_size: 0.05" >>"$d/c.yaml"; else echo "val_size: 0.05" >>"$d/c.yaml"; fi
	plan=$(grep "^# eval batch" "$d/c.yaml" | sed 's/: device peak \([0-9.]* GiB\).*/ \1/; s/# //')
	check=$("$VRAMPLAN" check "$d/c.yaml" --model llama-3.2-1b --gpu a100-40gb 2>/dev/null |
		sed 's/.*; \(eval batch [0-9]*\) peak \([0-9.]* GiB\).*/\1 \2/')
	echo "$p: plan $plan | check $check"
done
# asked for, the logits are planned as said
"$VRAMPLAN" --model llama-3.2-1b --gpu a100-40gb --gpus 2 --zero 2 --profile axolotl --eval-predictions logits |
	grep "^# eval batch"
