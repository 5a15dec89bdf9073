# An accelerate launch config (TRL's examples/accelerate_configs, see
# tests/data/check/real/SOURCES.md) is not a training config: it names no
# model, batch or length. Before, check said "no model: the config names
# none (model_name_or_path)", and with --model it checked TrainingArguments
# defaults (batch 8, fp32, one GPU) that nothing in the file states. Now an
# error at distributed_type says what the file is and carries its process
# count and ZeRO stage to the command line of the training config's check.
# Its FULL_SHARD (accelerate's default) is carried as --fsdp (check has it since
# 2026-11-30: tests/cli/check/fsdp-from-command-line.sh).
for f in deepspeed_zero3 fsdp_qlora; do
	"$VRAMPLAN" check --gpu a100-80gb tests/data/check/real/trl/accelerate_configs/$f.yaml
	echo "exit $?"
	"$VRAMPLAN" check --gpu a100-80gb --model gpt2 tests/data/check/real/trl/accelerate_configs/$f.yaml 2>/dev/null
	echo "exit $? with --model"
done
# A count of 0 is not carried: check refuses --gpus 0 and --nodes 0, so the
# suggested command line would fail (before: "--gpus 0 --nodes 0")
printf 'compute_environment: LOCAL_MACHINE\ndistributed_type: MULTI_GPU\nnum_machines: 0\nnum_processes: 0\n' |
	"$VRAMPLAN" check --gpu a100-80gb -
echo "exit $?"
