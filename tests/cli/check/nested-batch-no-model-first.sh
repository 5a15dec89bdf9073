# A config whose batch key is only under a section and that names no model,
# checked without --model: "no model" comes first, since the nested
# batch's merge command (without --model) would only lead to it; given
# --model, the nested batch's error follows and its command carries
# --model. A section on the way down to the batch whose name yq cannot
# quote (a ' in it) gives no command at all rather than one that leaves
# that section nested (the merged file checked at the default batch).
printf 'run:\n  per_device_train_batch_size: 2\n' | "$VRAMPLAN" check - --gpu rtx3090
echo "exit $?"
printf 'run:\n  per_device_train_batch_size: 2\n' | "$VRAMPLAN" check - --gpu rtx3090 --model mt5
echo "exit $?"
printf "run:\n  \"it's\":\n    per_device_train_batch_size: 2\n" | "$VRAMPLAN" check - --gpu rtx3090 --model mt5
echo "exit $?"
printf "run:\n  model_name_or_path: google/mt5-base\n  \"it's\":\n    per_device_train_batch_size: 2\n" |
	"$VRAMPLAN" check - --gpu rtx3090
echo "exit $?"
