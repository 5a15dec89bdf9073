# A config that names its model under another script's key (seed 002's
# sentence-transformers setup: model_name, model, or a Hydra-like
# model: {name: ...}): "no model" points at that key and names the one
# check reads; until 2026-11-29 it named no place ("the config names none")
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
printf 'per_device_train_batch_size: 64\nmodel_name: dragonkue/BGE-m3-ko\n' >a.yaml
printf 'model:\n  max_len: 256\n  name: dragonkue/BGE-m3-ko\n' >b.yaml
printf 'model: dragonkue/BGE-m3-ko\nmicro_batch_size: 2\n' >c.yaml
for f in a.yaml b.yaml c.yaml; do
	"$VRAMPLAN" check "$f" --gpu h100
	echo "exit $?"
done
# a number is no model's name: the plain "no model" stays
printf 'model_id: 7\n' >d.yaml
"$VRAMPLAN" check d.yaml --gpu h100
echo "exit $?"
