# An accelerate launch config (TRL's examples/accelerate_configs, see
# tests/data/check/real/SOURCES.md) is not a training config: it names no
# model, batch or length. Before, check said "no model: the config names
# none (model_name_or_path)", and with --model it checked TrainingArguments
# defaults (batch 8, fp32, one GPU) that nothing in the file states. Now an
# error at distributed_type says what the file is and carries its process
# count and ZeRO stage to the command line of the training config's check.
for f in deepspeed_zero3 fsdp_qlora; do
	"$VRAMPLAN" check --gpu a100-80gb tests/data/check/real/trl/accelerate_configs/$f.yaml
	echo "exit $?"
	"$VRAMPLAN" check --gpu a100-80gb --model gpt2 tests/data/check/real/trl/accelerate_configs/$f.yaml 2>/dev/null
	echo "exit $? with --model"
done
