# axolotl's trainers and LLaMA-Factory's SFT workflow without
# compute_accuracy run no compute_metrics, so Trainer.evaluate keeps the
# loss alone; their profiles plan that evaluation, as TRL's does and as
# `vramplan check` reads those configs. 2000 eval samples of Llama 3.2's
# logits would be ~980 GiB of host RAM: the plan fits 64 GiB (until
# 2026-11-29 the axolotl and llamafactory plans exited 1 on them), and
# check reads its output back at the same host RAM (with an evaluation set:
# axolotl's val_set_size, LLaMA-Factory's val_size).
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for p in trl axolotl llamafactory; do
	case $p in
	axolotl) echo "val_set_size: 0.05" ;;
	llamafactory) printf 'val_size: 0.05\neval_strategy: steps\n' ;;
	*) : ;;
	esac >"$d/c.yaml"
	"$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 --method qlora --grad-ckpt --host-ram 64GiB --eval-samples 2000 \
		--profile $p -q >>"$d/c.yaml"
	echo "$p: plan exit $?: $(grep '^# host RAM during evaluation' "$d/c.yaml" | sed 's/.*= //')"
	"$VRAMPLAN" check "$d/c.yaml" --model llama-3.2-3b --gpu rtx4090 --host-ram 64GiB --eval-samples 2000 -q |
		sed 's/.*\(host RAM [0-9.]* GiB\).*/check: \1/'
done
# --eval-predictions argmax is LLaMA-Factory's compute_accuracy (its
# ComputeAccuracy keeps the argmax ids), which check reads back
printf 'val_size: 0.05\neval_strategy: steps\n' >"$d/c.yaml"
"$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 --method qlora --grad-ckpt --eval-predictions argmax \
	--profile llamafactory -q >>"$d/c.yaml"
grep compute_accuracy "$d/c.yaml"
"$VRAMPLAN" check "$d/c.yaml" --model llama-3.2-3b --gpu rtx4090 --format json -q | grep '"predictions"'
