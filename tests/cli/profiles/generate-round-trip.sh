# A plan sized for Seq2SeqTrainer's generation prints the keys that make it
# generate (predict_with_generate, generation_max_length,
# generation_num_beams); `vramplan check` reads them back as the same
# evaluation: the same eval batch and eval peak
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for args in "--generate --max-new-tokens 64" "--num-beams 4 --max-new-tokens 32"; do
	{
		echo "model_name_or_path: csebuetnlp/mT5_multilingual_XLSum"
		echo "max_source_length: 512"
		echo "max_target_length: 128"
		# shellcheck disable=SC2086
		"$VRAMPLAN" --model mt5 --gpu rtx3090 $args
	} >"$d/c.yaml"
	# shellcheck disable=SC2086
	plan=$("$VRAMPLAN" --model mt5 --gpu rtx3090 $args | grep "^# eval batch" | sed 's/ (.*//; s/# //')
	check=$("$VRAMPLAN" check "$d/c.yaml" --gpu rtx3090 -q | sed 's/.*; eval batch/eval batch/; s/ of .*//; s/ (headroom.*//')
	echo "$args: plan $plan | check $check"
done
