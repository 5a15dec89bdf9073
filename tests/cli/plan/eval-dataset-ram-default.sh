# Without --eval-dataset-ram an eval DataLoader worker is costed as a
# training worker (on --dataset-ram) and the trainer holds no second set,
# as the helps and the man page say; it is not "--eval-dataset-ram equal to
# --dataset-ram", which adds the evaluation set to the trainer (src/host.c
# host_at, vp_host_plan). Until 2026-11-30 both helps said "(default:
# --dataset-ram)", and that run plans 8 workers where the default plans 9.
for extra in "" "--eval-dataset-ram 10GiB"; do
	# shellcheck disable=SC2086
	"$VRAMPLAN" -q --model mt5 --gpu rtx3090 --dataset-ram 10GiB --host-ram 200GiB --cpus 48 $extra --format json |
		tr -d ' \t,' | grep -E '^"(num_workers|worker_bytes|eval_worker_bytes|eval_dataset_bytes)":' | tr '\n' ' '
	echo
done
"$VRAMPLAN" --help | grep -A3 -- "--eval-dataset-ram"
"$VRAMPLAN" check --help | grep -A3 -- "--eval-dataset-ram"
