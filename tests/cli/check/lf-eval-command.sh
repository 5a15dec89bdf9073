# LLaMA-Factory's llama3_lora_eval.yaml (tests/data/check/real/SOURCES.md)
# is a `llamafactory-cli eval` config: EvaluationArguments' task (required
# there, in no training config), n_shot, batch_size. Its Evaluator scores
# MMLU without the Trainer, which check does not model: an input error at
# task that names the command. Until 2026-11-30 the error was at the file,
# saying LLaMA-Factory runs nothing.
"$VRAMPLAN" check --gpu a10g tests/data/check/real/llamafactory/examples/train_lora/llama3_lora_eval.yaml
echo "exit $?"
# without task the file is still one that runs nothing
grep -v '^task:' tests/data/check/real/llamafactory/examples/train_lora/llama3_lora_eval.yaml |
	"$VRAMPLAN" check --gpu a10g - 2>&1 | cut -c1-100
# merge_lora/llama3_lora_sft.yaml is a `llamafactory-cli export` config
# (export_dir, which export_model requires): an input error at export_dir
# that names that command; until 2026-11-30 "runs nothing" too
"$VRAMPLAN" check --gpu a10g tests/data/check/real/llamafactory/examples/merge_lora/llama3_lora_sft.yaml
echo "exit $?"
