# On several GPUs each trainer process has its own DataLoader workers and
# its own copy of the gathered predictions, while the totals are a host's.
# The warning compares the per-process worker count with the cores' cap
# per process (48 cores / 3 / 2 processes = 8, not 16), and --explain says
# the totals are of the processes and the workers and predictions each one's.
"$VRAMPLAN" --model mt5 --gpu rtx3090 --method qlora --gpus 2 --host-ram 60GB --cpus 48 --explain 2>&1 >/dev/null |
	grep -E "warning: host RAM|^host RAM"
# one GPU: as before
"$VRAMPLAN" --model mt5 --gpu rtx3090 --method qlora --host-ram 60GB --cpus 48 --explain 2>&1 >/dev/null |
	grep -E "warning: host RAM|^host RAM"
