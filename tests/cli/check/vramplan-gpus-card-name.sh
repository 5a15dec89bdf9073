# vramplan.gpus is the count of data-parallel GPUs; a card's name written
# there (gpu's value one key off) says which key takes the card. A number
# in another form (1e3) keeps the count's own error.
for v in '"NVIDIA GeForce RTX 3090"' 1e3; do
	out=$(printf 'model_name_or_path: gogamza/kobart-base-v2\nvramplan:\n  gpus: %s\n' "$v" | "$VRAMPLAN" check - 2>&1)
	echo "exit $?: $out"
done
