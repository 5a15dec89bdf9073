# vramplan.texts_per_example: a pair per example counts two sequences per row;
# the same file with one text per example peaks lower
"$VRAMPLAN" check --gpu rtx4090 --format json tests/data/trainconfig/good/sentence-pairs.yaml |
	awk '/"setup"|"peak_bytes"/'
sed '/texts_per_example/d' tests/data/trainconfig/good/sentence-pairs.yaml |
	"$VRAMPLAN" check --gpu rtx4090 --format json - | awk '/"setup"|"peak_bytes"/'
"$VRAMPLAN" check --gpu rtx4090 tests/data/trainconfig/bad/texts-per-example-zero.yaml
