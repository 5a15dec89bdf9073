# max_eval_samples gives the evaluation set: without eval_accumulation_steps
# its 500 samples' fp32 logits stay on the GPU (the check fails at the eval
# batch, saying how many steps fit) and then fill host RAM (60 GB). A note
# says the logits are kept for a compute_metrics the script decides on
# (since 2026-11-30, real-config-features.sh).
{ "$VRAMPLAN" check --format text tests/data/check/mt5-eval-set.yaml; echo "exit $?"; } 2>&1 | grep -v "default\|hf config"
GITHUB_ACTIONS=true "$VRAMPLAN" check -q tests/data/check/mt5-eval-set.yaml | grep '^::error'
# --eval-samples wins over the config: 16 samples are one step, of 16 (the
# eval batch 24 capped at the set since 2026-11-30, eval-batch-set-share.sh)
"$VRAMPLAN" check -q --eval-samples 16 tests/data/check/mt5-eval-set.yaml
echo "exit $?"
# eval_do_concat_batches false keeps a list: the set once, on the GPU and
# in host RAM, instead of twice at the last concatenation
sed 's/^max_eval_samples: 500/max_eval_samples: 500\neval_do_concat_batches: false/' tests/data/check/mt5-eval-set.yaml |
	"$VRAMPLAN" check -q -
echo "exit $?"
# a set whose predictions, all kept, are past what the estimator holds:
# an input error at max_eval_samples, not a crash or a wrong number
sed 's/^max_eval_samples: 500/max_eval_samples: 4294967295/' tests/data/check/mt5-eval-set.yaml |
	"$VRAMPLAN" check -q - 2>&1
echo "exit $?"
