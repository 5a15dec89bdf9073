# vramplan.gpus is the count of data-parallel GPUs; a card's name written
# there (gpu's value one key off) says which key takes the card. A number
# in another form (1e3) keeps the count's own error.
for v in '"NVIDIA GeForce RTX 3090"' 1e3; do
	out=$(printf 'model_name_or_path: gogamza/kobart-base-v2\nvramplan:\n  gpus: %s\n' "$v" | "$VRAMPLAN" check - 2>&1)
	echo "exit $?: $out"
done
# A card's number ("gpus: 3090", the RTX 3090) is a whole number, read as
# that many GPUs: a warning says that the count is also a card's alias
# (until 2026-12-01 3,090 GPUs were checked without a word)
printf 'model_name_or_path: gogamza/kobart-base-v2\nper_device_train_batch_size: 4\nvramplan:\n  gpus: 3090\n' |
	"$VRAMPLAN" check - --gpu rtx3090 2>&1 >/dev/null | grep "also names"
