# The vramplan: block's settings from the command line, for a config whose
# own parser refuses unknown keys: --set KEY=VALUE and plan-named
# shorthands read as the block is, winning over it; their errors name the
# command line, not a line of the file
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'model_name_or_path: ../configs/t5-small.json\nper_device_train_batch_size: 8\nbf16: true\n' >"$d/plain.yaml"
cp "$d/plain.yaml" "$d/block.yaml"
printf 'vramplan:\n  seq_len: 256\n  target_len: 32\n  method: lora\n  grad_ckpt: true\n  gpu: a100-40gb\n' >>"$d/block.yaml"
sed -i "s#\.\./configs#$PWD/tests/data/configs#" "$d/plain.yaml" "$d/block.yaml"
# the same check, stated in the file or on the command line
"$VRAMPLAN" check -q "$d/block.yaml" | sed 's#.*block.yaml ##'
"$VRAMPLAN" check -q "$d/plain.yaml" --gpu a100-40gb --seq-len 256 --target-len 32 --method lora --grad-ckpt |
	sed 's#.*plain.yaml ##'
"$VRAMPLAN" check -q "$d/plain.yaml" --set gpu=a100-40gb --set seq_len=256 --set target_len=32 --set method=lora \
	--set grad_ckpt=true | sed 's#.*plain.yaml ##'
# the command line wins over the file's block
"$VRAMPLAN" check "$d/block.yaml" --seq-len 128 2>&1 | grep -o "seq-len [0-9]*"
# a list, as YAML reads it
"$VRAMPLAN" check "$d/block.yaml" --set 'lora_targets=[q, v, o]' 2>&1 | grep -o "r [0-9]* on [a-z,]*"
# errors: a bad value, an unknown key, no '=', a bad flavour
"$VRAMPLAN" check "$d/block.yaml" --set seq_len=abc
echo "exit $?"
"$VRAMPLAN" check "$d/block.yaml" --set seqlen=512 2>&1 | cut -c1-60
"$VRAMPLAN" check "$d/block.yaml" --set seq_len
echo "exit $?"
"$VRAMPLAN" check "$d/block.yaml" --set flavour=nemo
echo "exit $?"
# an error about a setting from the command line names it there, not a
# line of the file
printf 'model_name_or_path: bert-base-uncased\nvramplan:\n  gpu: a100-80gb\n' >"$d/bert.yaml"
"$VRAMPLAN" check -q "$d/bert.yaml" --seq-len 100000
echo "exit $?"
# a GPU from the command line replaces the file's, as --gpu does; an
# unknown one names the command line
"$VRAMPLAN" check -q "$d/block.yaml" --set gpu=rtx4090 | grep -o "rtx4090\|a100-40gb" | sort -u
"$VRAMPLAN" check -q "$d/block.yaml" --set gpu=zz
echo "exit $?"
# a head left to its default says where its labels came from: the command
# line's, not vramplan's default (until 2026-12-01 "with 7 labels (vramplan
# default for encoders)" beside --num-labels 7)
"$VRAMPLAN" check "$d/bert.yaml" --num-labels 7 2>&1 | grep -o "default head: .*"
"$VRAMPLAN" check "$d/bert.yaml" --set num_labels=7 2>&1 | grep -o "default head: .*"
"$VRAMPLAN" check "$d/bert.yaml" 2>&1 | grep -o "default head: .*"
