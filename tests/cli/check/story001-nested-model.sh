# Story 001: the keys nested under a per-model section. "no model" points
# at the first section's model key, names the section and how to check it
# alone; the same from standard input (no file name to put in the
# command); a model key deeper down, under a section that is not a plain
# name (yq's .["..."]), and the JSON error's position.
"$VRAMPLAN" check -q tests/data/check/seed001-per-model.yaml --gpu v100-16gb
echo "exit $?"
"$VRAMPLAN" check -q - --gpu v100-16gb <tests/data/check/seed001-per-model.yaml
printf 'xlsum-mt5:\n  model:\n    model_name_or_path: google/mt5-base\n' |
	"$VRAMPLAN" check -q - --gpu v100-16gb
"$VRAMPLAN" check -q tests/data/check/seed001-per-model.yaml --gpu v100-16gb --format json |
	grep '"line"\|"column"' | tr -d '\t'
# a section named with dots (qwen2.5-7b) is one key, whole in yq's path
printf 'qwen2.5-7b:\n  model_name_or_path: Qwen/Qwen2.5-7B\nbf16: true\n' | "$VRAMPLAN" check -q - --gpu h100
# a non-plain name after a plain one: .run["1"], which jq 1.6 takes
printf 'run:\n  "1":\n    model_name_or_path: google/mt5-base\n' | "$VRAMPLAN" check -q - --gpu h100
