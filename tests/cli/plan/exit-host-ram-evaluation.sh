# Exit 1 covers host RAM during evaluation too: README's mT5 plan with 4,500
# eval samples in a 60 GiB container fits the GPU and its training fits the
# host, but evaluation's predictions (kept for compute_metrics) do not.
# Until 2026-11-30 the helps and the man page said exit 1 was for "the host
# RAM that loading or training needs", which this run is neither.
"$VRAMPLAN" --model mt5 --gpu rtx3090 --eval-samples 4500 --host-ram 60GiB
echo "exit $?"
"$VRAMPLAN" --model mt5 --gpu rtx3090 --eval-samples 4500 --host-ram 60GiB --format json 2>/dev/null |
	grep '"does_not_fit"'
"$VRAMPLAN" --help | sed -n '/^Exit status:/,/^  2/p'
"$VRAMPLAN" plan --help | sed -n '/^Exit status:/,/^  2/p'
