# --dataset-ram, --worker-ram, --replay-buffer and --ewc change the plan, and
# no trainer key of any profile says them: check takes them from its
# `vramplan:` block. The plan now says so (a size written exactly, as the
# block reads it); read back with the block the host RAM and the GPU peak are
# the plan's, without it another run's. Until 2026-11-30 nothing said so.
# Lightning's config is not one check reads: no note there.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
args="--model mt5 --gpu rtx3090 --host-ram 60GB --cpus 48 --dataset-ram 6GiB --replay-buffer 5120 --ewc -q"
# shellcheck disable=SC2086
"$VRAMPLAN" $args >"$d/plan.yaml"
grep -E "^# note: no trainer key says these|^# train batch|^# host RAM during" "$d/plan.yaml"
# shellcheck disable=SC2086
"$VRAMPLAN" $args --profile lightning | grep -c "no trainer key says these"
"$VRAMPLAN" --model mt5 --gpu rtx3090 --worker-ram 1.5GB -q | grep "no trainer key says these"
for block in '' 'vramplan:\n  dataset_ram: 6GiB\n  replay_buffer: 5120\n  ewc: true\n'; do
	{ printf "model_name_or_path: csebuetnlp/mT5_multilingual_XLSum\nmax_source_length: 512\nmax_target_length: 128\neval_strategy: steps\n$block"
	  grep -v '^#' "$d/plan.yaml"; } | "$VRAMPLAN" check -q --gpu rtx3090 --host-ram 60GB --cpus 48 -
done
