# What --profile llamafactory prints, under a model_name_or_path, is read
# back by `vramplan check` as the same setup: the same batch and peak
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for args in "--gpu rtx4090 --method qlora --grad-ckpt" "--gpu rtx4090 --method lora --lora-targets all-linear" \
	"--gpu a100-80gb --method full --grad-ckpt" "--gpu a100-80gb --method full --precision bf16 --grad-ckpt" \
	"--gpu rtx4090 --method lora --dora --lora-targets all-linear --grad-ckpt"; do
	gpu=$(echo "$args" | cut -d' ' -f2)
	{
		echo "model_name_or_path: meta-llama/Llama-3.2-3B"
		# shellcheck disable=SC2086
		"$VRAMPLAN" --model llama-3.2-3b $args --profile llamafactory
	} >"$d/c.yaml"
	# shellcheck disable=SC2086
	plan=$("$VRAMPLAN" --model llama-3.2-3b $args --profile llamafactory | grep "^# train batch" | sed 's/ in .*//; s/# //')
	check=$("$VRAMPLAN" check "$d/c.yaml" --gpu "$gpu" -q | sed 's/.*FITS: //; s/ of .*//')
	echo "$args: plan $plan | check $check"
done
