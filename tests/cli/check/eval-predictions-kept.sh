# Without eval_accumulation_steps every eval step's predictions stay on the
# GPU: a warning at the eval batch says at which step evaluation runs out of
# memory and what to set; the check itself still passes (the eval set's size
# is not in the config).
"$VRAMPLAN" check tests/data/check/mt5-eval-no-accumulation.yaml 2>&1 | grep -E "FITS|eval_accumulation_steps"
