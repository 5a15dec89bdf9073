# preference and RL training (TRL DPO and GRPO keys, axolotl rl) is refused, not checked as SFT
"$VRAMPLAN" check tests/data/check/trl-dpo.yaml --gpu a100-80gb
echo "exit $?"
printf 'base_model: meta-llama/Llama-3.2-1B\nmicro_batch_size: 2\nrl: dpo\n' | "$VRAMPLAN" check - --gpu a100-80gb
echo "exit $?"
# TRL's GRPO (open-r1's recipe, tests/data/check/real/SOURCES.md): refused
# at its first GRPOConfig key, with a message that names GRPO; until
# 2026-11-30 it named DPO, ORPO and KTO only
"$VRAMPLAN" check tests/data/check/real/open-r1/recipes/Qwen2.5-1.5B-Instruct/grpo/config_demo.yaml --gpu h100
echo "exit $?"
# a GRPO config that leaves beta and max_prompt_length at their defaults
# was checked as SFT (num_generations ignored, max_completion_length
# hinted as a sequence length) until 2026-11-30
sed '/^max_prompt_length:/d' tests/data/check/real/open-r1/recipes/Qwen2.5-1.5B-Instruct/grpo/config_demo.yaml |
	"$VRAMPLAN" check --gpu h100 -
echo "exit $?"
printf 'model_name_or_path: Qwen/Qwen2.5-1.5B-Instruct\nnum_generations: 8\nper_device_train_batch_size: 16\n' |
	"$VRAMPLAN" check --gpu h100 -
echo "exit $?"
# a key left null or false marks nothing: YAML's null and JSON's (the
# tree's null kind) were refused as GRPO/DPO until the review of 2026-11-30
printf 'model_name_or_path: Qwen/Qwen2.5-1.5B-Instruct\nper_device_train_batch_size: 1\nnum_generations: null\nmax_completion_length:\nbeta: False\n' |
	"$VRAMPLAN" check -q --gpu h100 -
echo "exit $?"
printf '{"model_name_or_path": "Qwen/Qwen2.5-1.5B-Instruct", "per_device_train_batch_size": 1, "num_generations": null}' |
	"$VRAMPLAN" check -q --gpu h100 -
echo "exit $?"
