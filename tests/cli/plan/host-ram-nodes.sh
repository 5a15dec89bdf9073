# --nodes spreads the --gpus over hosts: --host-ram and --cpus are one
# host's, which holds the GPUs over the nodes (one trainer process a GPU,
# the same number on every node, as launchers run them); 16 GPUs on 2
# hosts hold what 8 on one do; 16 over 3 nodes cannot be launched. No
# predictions kept: with them each process gathers every GPU's, 16's
# against 8's (plan/eval-gathered.sh)
for args in "--gpus 16 --nodes 2" "--gpus 8" "--gpus 16 --nodes 4"; do
	# shellcheck disable=SC2086
	"$VRAMPLAN" --model llama-3.2-1b --gpu a100-80gb $args --zero 2 --host-ram 400GiB --cpus 96 --eval-predictions none 2>/dev/null |
		grep "^# host RAM:" | sed 's/ = \([0-9.]*\) GiB in training.*/ = \1 GiB/'
done
"$VRAMPLAN" --model llama-3.2-1b --gpu a100-80gb --gpus 16 --nodes 2 --zero 2 --host-ram 400GiB --eval-predictions none --format json |
	grep -E '"(processes|nodes)"'
"$VRAMPLAN" --model llama-3.2-1b --gpu a100-80gb --gpus 2 --nodes 4
echo "exit $?"
"$VRAMPLAN" --model llama-3.2-1b --gpu a100-80gb --gpus 16 --nodes 3
echo "exit $?"
# check: vramplan.nodes, or --nodes on its command line
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'model_name_or_path: ../configs/t5-small.json\nbf16: true\nvramplan:\n  gpu: a100-80gb\n  gpus: 16\n  zero_stage: 2\n  host_ram: 400GiB\n  cpus: 96\n' \
	>"$d/c.yaml"
sed -i "s#\.\./configs#$PWD/tests/data/configs#" "$d/c.yaml"
"$VRAMPLAN" check -q "$d/c.yaml" | grep -o "host RAM [^;]*"
"$VRAMPLAN" check -q "$d/c.yaml" --nodes 2 | grep -o "host RAM [^;]*"
"$VRAMPLAN" check -q "$d/c.yaml" --nodes 32
echo "exit $?"
