# --eval-dataset-ram: the eval DataLoader's workers copy the evaluation set,
# not the training set. Before it, with --dataset-ram 4GiB in 40 GiB and 32
# cores, mT5's eval workers were costed at 4 GiB each (the training set, the
# bound) and the plan stopped at 3 workers; a 400 MiB evaluation set allows 6.
# The plan names vramplan.eval_dataset_ram, and check of the printed keys
# with that block reads back the plan's host RAM; --eval-dataset-ram on
# check's command line does the same.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
for e in '' '--eval-dataset-ram 400MiB'; do
	# shellcheck disable=SC2086
	"$VRAMPLAN" --model mt5 --gpu rtx3090 --dataset-ram 4GiB --host-ram 40GiB --cpus 32 $e -q >"$d/plan.yaml"
	grep -E "^# host RAM|^# note: no trainer key says|^dataloader_num_workers" "$d/plan.yaml"
done
head='model_name_or_path: csebuetnlp/mT5_multilingual_XLSum\nmax_source_length: 512\nmax_target_length: 128\neval_strategy: steps\n'
{ printf "$head"; grep -v '^#' "$d/plan.yaml"
  printf 'vramplan:\n  dataset_ram: 4GiB\n  eval_dataset_ram: 400MiB\n'; } >"$d/train.yaml"
"$VRAMPLAN" check -q --gpu rtx3090 --host-ram 40GiB --cpus 32 "$d/train.yaml" | sed 's/.*; host RAM/host RAM/'
{ printf "$head"; grep -v '^#' "$d/plan.yaml"; } >"$d/bare.yaml"
"$VRAMPLAN" check -q --gpu rtx3090 --host-ram 40GiB --cpus 32 --dataset-ram 4GiB --eval-dataset-ram 400MiB \
	"$d/bare.yaml" | sed 's/.*; host RAM/host RAM/'
"$VRAMPLAN" --model mt5 --gpu rtx3090 --eval-dataset-ram lots; echo "exit $?"
