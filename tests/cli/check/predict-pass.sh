# do_predict: trainer.predict() after training is checked as a pass of its
# own, at the eval batch, over the test set that max_predict_samples bounds
# (run_summarization.py), on its own line; the worse pass decides the exit
# status. Until 2026-12-02 do_predict only told an evaluation-only run, and
# a training run's prediction over a larger set went unchecked.
f=tests/data/check/predict-set.yaml
"$VRAMPLAN" check --gpu a100-80gb "$f" 2>/dev/null
echo "exit $?"
# its annotation names the pass, at the eval batch's key
GITHUB_ACTIONS=true "$VRAMPLAN" check --gpu a100-80gb "$f" 2>/dev/null | grep '^::error'
# host RAM: the test set's logits, moved to the host when predict() ends
"$VRAMPLAN" check --gpu a100-80gb --host-ram 64GB "$f" 2>/dev/null | sed -n 's/.*; host RAM/host RAM/p'

# the steps the annotation names cure it: both passes fit
sed 's/^bf16: true/bf16: true\neval_accumulation_steps: 8/' "$f" | "$VRAMPLAN" check --gpu a100-80gb - 2>/dev/null
echo "exit $?"
# prediction_loss_only holds for predict() too: the loss alone, and with
# the same set sizes the two passes are one step, said once
sed 's/^max_predict_samples: 2000/max_predict_samples: 100/' "$f" | "$VRAMPLAN" check --gpu a100-80gb - 2>/dev/null
sed 's/^bf16: true/bf16: true\nprediction_loss_only: true/' "$f" | "$VRAMPLAN" check --gpu a100-80gb - 2>/dev/null
echo "exit $?"

# JSON: the prediction object beside eval's, with the same fields
"$VRAMPLAN" check --gpu a100-80gb --format json "$f" 2>/dev/null | tr -d '\n\t' |
	grep -o '"prediction":{"pass":"prediction","batch":16,"config_batch":16,[^}]*"fits":false' |
	sed 's/"peak_bytes":[0-9]*/"peak_bytes":N/; s/"headroom_bytes":-[0-9]*/"headroom_bytes":-N/'
"$VRAMPLAN" check --gpu a100-80gb --format json "$f" 2>/dev/null | tr -d '\n\t' |
	grep -o '"samples":2000,[^}]*"same_as_eval":false'
"$VRAMPLAN" check --gpu a100-80gb --format json "$f" 2>/dev/null | tr -d '\n\t' | grep -o '"eval":{"pass":"evaluation"'

# max_predict_samples is read as max_eval_samples is: a bad value is an
# input error at its value, naming it; without do_predict it is noted unused
sed 's/^max_predict_samples: 2000/max_predict_samples: 0/' "$f" | "$VRAMPLAN" check --gpu a100-80gb - 2>&1 >/dev/null
echo "exit $?"
sed 's/^max_predict_samples: 2000/max_predict_samples: lots/' "$f" | "$VRAMPLAN" check --gpu a100-80gb - 2>&1 >/dev/null
echo "exit $?"
sed 's/^do_predict: true/do_predict: false/' "$f" | "$VRAMPLAN" check --gpu a100-80gb - 2>&1 >/dev/null | grep max_predict_samples
