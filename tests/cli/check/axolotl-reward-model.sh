# axolotl's reward_model: true trains with TRL's RewardTrainer (a score head
# over each example's chosen and rejected sequences), process_reward_model:
# true with its PRMTrainer (a token-classification head): neither is the
# causal-LM step the estimate counts, so both are refused at the value, as
# LLaMA-Factory's stage: rm is. Until 2026-11-30 axolotl's own reward-model
# example (tests/data/check/real/SOURCES.md) was checked as causal-LM
# training of Qwen2.5-0.5B with a 151936-way LM head, reward_model,
# num_labels and model_type listed as ignored.
"$VRAMPLAN" check tests/data/check/real/axolotl/examples/qwen2/reward-model.yaml --gpu a10g
echo "exit $?"
printf 'base_model: gpt2\nmicro_batch_size: 2\nprocess_reward_model: true\n' | "$VRAMPLAN" check - --gpu a10g
echo "exit $?"
# false (or empty) is axolotl's default, the causal-LM trainer
printf 'base_model: gpt2\nmicro_batch_size: 2\nreward_model: false\nprocess_reward_model:\n' | "$VRAMPLAN" check -q - --gpu a10g
echo "exit $?"
