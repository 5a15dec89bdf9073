# prediction_loss_only: evaluation keeps the loss alone, nothing on the GPU
# or in host RAM beyond the eval workers
"$VRAMPLAN" check -q --format json tests/data/check/mt5-eval-loss-only.yaml | grep -E '"(predictions|samples|peak_moment|eval_predictions_bytes|peak_phase|fits)"'
