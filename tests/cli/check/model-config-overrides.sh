# output_router_logits given as a TRL model_init_kwargs key and as an
# axolotl model_config override: both runs add the load-balancing loss (the
# setup notes say so); a model_init_kwargs that is not a mapping is an
# error at its line and column
"$VRAMPLAN" check -v --gpu h200 tests/data/check/trl-model-init-kwargs.yaml tests/data/check/axolotl-model-config.yaml
printf 'model_name_or_path: Qwen/Qwen3-30B-A3B\nmodel_init_kwargs: bf16\n' | "$VRAMPLAN" check --gpu h200 -
printf 'model_name_or_path: Qwen/Qwen3-30B-A3B\nmodel_init_kwargs:\n  output_router_logits: 2\n' | "$VRAMPLAN" check --gpu h200 -
