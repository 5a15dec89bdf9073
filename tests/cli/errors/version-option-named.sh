# A version that is not understood is reported after the option that gave
# it, in plan, estimate and check alike (until 2026-11-30 the message named
# no option: "PyTorch version 'v2.5' not understood"); check's config keys
# are named by their key.
"$VRAMPLAN" --model mt5 --gpu rtx3090 --torch-version v2.5
echo "exit $?"
"$VRAMPLAN" check --gpu rtx3090 --torch-version v2.5 tests/data/trainconfig/good/hf-defaults.yaml
echo "exit $?"
"$VRAMPLAN" check --gpu rtx3090 --bnb-version x tests/data/trainconfig/good/hf-defaults.yaml
echo "exit $?"
printf 'model_name_or_path: google/mt5-base\nvramplan:\n  torch_version: v2.5\n' |
	"$VRAMPLAN" check - --gpu rtx3090
echo "exit $?"
