# an unknown vramplan.eval_predictions is an input error at its value
"$VRAMPLAN" check tests/data/check/bad-eval-predictions.yaml
