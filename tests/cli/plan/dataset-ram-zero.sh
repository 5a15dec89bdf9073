# --dataset-ram 0GiB is a training set that adds nothing to the trainer's
# RSS (a memory-mapped Arrow dataset): each worker holds the fork's own
# pages, as with 1B, and the plan's note carries the 0 for check's
# vramplan: block, which reads it the same way. Until 2026-11-30 a given 0
# was read as "unknown" and each worker costed at --worker-ram's 2 GiB
# default (11.00 GiB in training here, where 1B gave 3.13).
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
args="--model mt5 --gpu rtx3090 --host-ram 64GiB -q"
for size in 0GiB 1B; do
	# shellcheck disable=SC2086
	"$VRAMPLAN" $args --dataset-ram $size >"$d/plan.yaml"
	echo "plan --dataset-ram $size: exit $?"
	grep -E '^# (host RAM:|note: no trainer)' "$d/plan.yaml"
	{ printf "model_name_or_path: google/mt5-base\nmax_source_length: 512\nmax_target_length: 128\neval_strategy: steps\nvramplan:\n  dataset_ram: $size\n"
	  grep -v '^#' "$d/plan.yaml"; } | "$VRAMPLAN" check -q --gpu rtx3090 --host-ram 64GiB -
	echo "check, vramplan.dataset_ram $size: exit $?"
done
