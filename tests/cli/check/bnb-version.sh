# check --bnb-version: the seed's mT5 QLoRA run keeps its 4-bit layers'
# inputs on a bitsandbytes before 0.43.2 (the default) and none from 0.43.2
# on; the vramplan: block can say it too, the command line wins, and a bad
# version is an error at its value.
cfg=examples/configs/seed000-stage3.yaml
for v in "" "--bnb-version 0.42.0" "--bnb-version 0.45.5"; do
	# shellcheck disable=SC2086
	"$VRAMPLAN" check -q "$cfg" $v | sed 's/; eval batch.*//'
done
sed 's/^vramplan:$/vramplan:\n  bnb_version: "0.45.5"/' "$cfg" | "$VRAMPLAN" check -q - | sed 's/; eval batch.*//'
sed 's/^vramplan:$/vramplan:\n  bnb_version: "0.45.5"/' "$cfg" | "$VRAMPLAN" check -q - --bnb-version 0.42 |
	sed 's/; eval batch.*//'
sed 's/^vramplan:$/vramplan:\n  bnb_version: newest/' "$cfg" | "$VRAMPLAN" check -q -
echo "exit $?"
