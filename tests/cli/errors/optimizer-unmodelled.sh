# The help promises TrainingArguments optim names: one that vramplan does not
# model (transformers OptimizerNames: galore_adamw, rmsprop, ...) is refused
# as such, in plan and in check, not only with the list of vramplan's names.
"$VRAMPLAN" --model mt5 --gpu rtx3090 --optimizer galore_adamw
echo "exit $?"
"$VRAMPLAN" --model mt5 --gpu rtx3090 --optimizer rmsprop
echo "exit $?"
"$VRAMPLAN" --model mt5 --gpu rtx3090 --optimizer foo
echo "exit $?"
printf 'model_name_or_path: google/mt5-base\noptim: galore_adamw\n' |
	"$VRAMPLAN" check - --gpu rtx3090 2>&1 | grep -v ': note: '
