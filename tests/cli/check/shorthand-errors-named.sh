# check's plan-named shorthands (--quant, --seq-len, ... for --set KEY=VALUE):
# an error or note about one names the option as the user typed it, not the
# --set it stands for, and quotes a value the way it was typed ('--method
# frozen', '--set method=frozen', 'vramplan.method: frozen'). Until
# 2026-11-30 `--quant nf5` said '--set quant', `--method frozen` said
# '--method: frozen' and `--nodes 32` said '--set nodes 32'.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'model_name_or_path: %s/tests/data/configs/t5-small.json\nper_device_train_batch_size: 8\nbf16: true\nvramplan:\n  gpu: a100-40gb\n' "$PWD" >"$d/t5.yaml"
# every shorthand that takes a value, with one its key refuses
for args in "--seq-len abc" "--seq-len 0" "--target-len -1" "--method zz" "--method frozen" "--quant nf5" \
	"--lora-r x" "--method lora --lora-targets 5" "--precision fp7" "--optimizer zz" "--attn zz" "--gpus 0" \
	"--zero 4" "--head zz" "--num-labels 0" "--nodes 0" "--nodes 3 --gpus 2" "--texts-per-example 65"; do
	# shellcheck disable=SC2086
	out=$("$VRAMPLAN" check -q "$d/t5.yaml" $args 2>&1)
	echo "exit $?: $out" | cut -c1-130
done
# no value, not YAML, a list where a name goes
"$VRAMPLAN" check -q "$d/t5.yaml" --seq-len ''
"$VRAMPLAN" check -q "$d/t5.yaml" --quant 'a: ['
"$VRAMPLAN" check -q "$d/t5.yaml" --quant '[nf4]'
# the flags: their value is true, their conflicts name them
"$VRAMPLAN" check -q "$d/t5.yaml" --quant nf4 --method full
"$VRAMPLAN" check -q "$d/t5.yaml" --fsdp --zero 3
"$VRAMPLAN" check "$d/t5.yaml" --dora 2>&1 | grep "dora"
"$VRAMPLAN" check "$d/t5.yaml" --method lora --dora 2>&1 | grep "dora" | cut -c1-80
"$VRAMPLAN" check -q "$d/t5.yaml" --method lora --dora --format json | grep -o '"key":[[:space:]]*"[^"]*dora"'
"$VRAMPLAN" check -q "$d/t5.yaml" --method frozen --grad-ckpt 2>&1 | cut -c1-60
# --set KEY=VALUE still names itself so
"$VRAMPLAN" check -q "$d/t5.yaml" --set quant=nf5
"$VRAMPLAN" check -q "$d/t5.yaml" --set method=frozen 2>&1 | cut -c1-60
"$VRAMPLAN" check -q "$d/t5.yaml" --set quant=nf4 --set method=full
"$VRAMPLAN" check -q "$d/t5.yaml" --set nodes=3 --set gpus=2
"$VRAMPLAN" check -q "$d/t5.yaml" --set quant='a: ['
echo "exit $?"
