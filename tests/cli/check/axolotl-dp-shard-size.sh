# axolotl's dp_shard_size (utils/schemas/config.py: "Number of devices to
# shard across"), which axolotl passes to accelerate's ParallelismConfig:
# the GPUs FSDP shards the parameters, gradients and optimizer states over.
# Until 2026-11-30 it was listed as ignored, and the model counted whole on
# one GPU with "default data-parallel GPUs: 1" (axolotl's examples/
# distributed-parallel/qwen3-8b-fsdp-tp-cp.yaml, real-config-round2.sh).
# Read as vramplan.gpus where FSDP runs; a vramplan block's gpus wins, with
# a note; without FSDP a note says nothing shards over it, and above 1 a
# warning says axolotl refuses to start on more than one GPU
# (utils/distributed.py _get_parallel_config_kwargs: "dp_shard_size was
# configured without a corresponding fsdp_config!"); 0, a string or more
# GPUs than vramplan counts are input errors at the value.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
run() {
	printf 'base_model: Qwen/Qwen2.5-0.5B\nmicro_batch_size: 1\ngradient_accumulation_steps: 1\n%b' "$1" >a.yml
	echo "-- $2"
	"$VRAMPLAN" check --gpu a100-80gb a.yml 2>err
	echo "exit $?"
	grep -E 'dp_shard_size|GPUs|a\.yml:[0-9]' err | cut -c1-300
}
run 'dp_shard_size: 4\nfsdp_version: 2\nfsdp_config:\n  reshard_after_forward: true\n' 'FSDP2 over 4'
run 'fsdp_config:\n  reshard_after_forward: true\n' 'FSDP, no dp_shard_size: one GPU by default'
run 'dp_shard_size: 4\nfsdp:\n  - full_shard\n  - auto_wrap\n' 'the fsdp list over 4'
run 'dp_shard_size: 4\n' 'no FSDP: axolotl refuses it on more than one GPU'
run 'dp_shard_size: 1\n' 'no FSDP, one'
run 'dp_shard_size: 4\nfsdp_config:\n  reshard_after_forward: true\nvramplan:\n  gpus: 8\n' 'vramplan.gpus wins'
run 'dp_shard_size:\nfsdp_config:\n  reshard_after_forward: true\n' 'null'
run 'dp_shard_size: 0\nfsdp_config:\n  reshard_after_forward: true\n' 'zero'
run 'dp_shard_size: two\nfsdp_config:\n  reshard_after_forward: true\n' 'a string'
run 'dp_shard_size: 100000\nfsdp_config:\n  reshard_after_forward: true\n' 'too many'
