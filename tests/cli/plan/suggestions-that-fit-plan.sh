# When nothing fits, each change said to fit is tried as the search tried
# the run, accumulation included: with --effective-batch 64 batch 1 keeps
# the gradients through the next forward, and every "(fits)" change, given
# back to the planner, plans (--seq-len max reports the length it tried)
"$VRAMPLAN" --model mt5-xl --gpu a100-80gb --effective-batch 64 2>&1 >/dev/null |
	sed -n 's/^vramplan:   \(.*\): [0-9.]* GiB (fits)$/\1/p' | while read -r change; do
	# shellcheck disable=SC2086
	"$VRAMPLAN" --model mt5-xl --gpu a100-80gb --effective-batch 64 $change >/dev/null 2>&1
	echo "$change: exit $?"
done
"$VRAMPLAN" --model mt5-xl --gpu a100-80gb --effective-batch 64 --seq-len max 2>&1 | head -1
