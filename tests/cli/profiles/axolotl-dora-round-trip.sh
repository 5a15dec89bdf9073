# A DoRA plan's axolotl keys say DoRA (peft_use_dora, axolotl's
# schemas/peft.py), so `vramplan check` reads them back as the same setup:
# the same train batch and peak, and its DoRA remark at that key
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for args in "--method lora --dora --lora-targets all-linear --grad-ckpt" "--method qlora --dora --grad-ckpt"; do
	# shellcheck disable=SC2086
	"$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 $args --profile axolotl -q >"$d/c.yaml"
	plan=$(grep "^# train batch" "$d/c.yaml" | sed 's/ in .*//; s/ (.*//; s/# //')
	check=$("$VRAMPLAN" check "$d/c.yaml" --model llama-3.2-3b --gpu rtx4090 2>"$d/err" |
		sed 's/.*: \(train batch [0-9]*\) peak \([0-9.]* GiB\).*/\1: device peak \2/')
	echo "$args: plan $plan | check $check | $(grep -c "peft_use_dora" "$d/err") DoRA remark"
done
