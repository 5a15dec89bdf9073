# an IntervalStrategy value TrainingArguments does not know: an input error
# at the value
"$VRAMPLAN" check tests/data/check/bad-eval-strategy.yaml
