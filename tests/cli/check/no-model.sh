# A config that names no model, checked without --model: an input error
# that says which key would name it
"$VRAMPLAN" check --gpu rtx3090 tests/data/check/no-model.yaml
