# axolotl and LLaMA-Factory evaluate only an evaluation split, which their
# defaults do not make (axolotl's val_set_size 0.0; LLaMA-Factory's val_size
# 0 and no eval_dataset): without the keys the eval batch is not checked,
# and a default note now says so, as an hf config's assumed evaluation is
# said (until 2026-11-30 nothing was). A split key written, even 0, is the
# user's word: no note. LLaMA-Factory refuses do_eval or an eval_strategy
# without a split in a training run too (hparams/parser.py: "Please specify
# dataset for evaluation."), which check passed until 2026-11-30.
ax='base_model: Qwen/Qwen2.5-0.5B\nsequence_len: 512\nmicro_batch_size: 2\nbf16: true\nadapter: lora\nlora_target_modules: [q_proj, v_proj]\n'
printf "$ax" | "$VRAMPLAN" check --gpu a100-40gb - 2>&1 | grep -E "val_set_size|FIT"
printf "${ax}val_set_size: 0\n" | "$VRAMPLAN" check --gpu a100-40gb - 2>&1 | grep -E "val_set_size|FIT"
lf='model_name_or_path: Qwen/Qwen2.5-0.5B\nstage: sft\nfinetuning_type: lora\ntemplate: qwen\ncutoff_len: 512\nper_device_train_batch_size: 2\nbf16: true\ndo_train: true\n'
printf "$lf" | "$VRAMPLAN" check --gpu a100-40gb - 2>&1 | grep -E "val_size|FIT"
printf "${lf}val_size: 0.1\neval_strategy: steps\n" | "$VRAMPLAN" check --gpu a100-40gb - 2>&1 | grep -E "val_size|FIT"
printf "${lf}eval_strategy: steps\n" | "$VRAMPLAN" check -q --gpu a100-40gb -
echo "exit $?"
printf "${lf}do_eval: true\n" | "$VRAMPLAN" check -q --gpu a100-40gb -
echo "exit $?"
