# --eval-samples counts the whole evaluation set's kept predictions; no
# TrainingArguments key holds the set's size, and check of the printed keys
# alone counts the first move's predictions, a lower bound (mT5, 300 samples:
# 139.48 GiB of host RAM planned, 71.75 GiB read back, with nothing said until
# 2026-11-30). The plan now names max_eval_samples / vramplan.eval_samples,
# which read back as the plan's host RAM. Without --eval-samples, or with
# --eval-predictions none, no note.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
"$VRAMPLAN" --model mt5 --gpu rtx3090 --eval-samples 300 --host-ram 200GB --cpus 48 -q >"$d/plan.yaml"
grep -E "^# host RAM during|^# note: no trainer key holds" "$d/plan.yaml"
"$VRAMPLAN" --model mt5 --gpu rtx3090 --host-ram 200GB --cpus 48 -q | grep -c "evaluation set's size"
"$VRAMPLAN" --model mt5 --gpu rtx3090 --eval-samples 300 --eval-predictions none -q | grep -c "evaluation set's size"
for head in '' 'max_eval_samples: 300\n'; do
	{ printf "model_name_or_path: csebuetnlp/mT5_multilingual_XLSum\nmax_source_length: 512\nmax_target_length: 128\neval_strategy: steps\n$head"
	  grep -v '^#' "$d/plan.yaml"; } | "$VRAMPLAN" check -q --gpu rtx3090 --host-ram 200GB --cpus 48 - | sed 's/.*; host RAM/host RAM/'
done
