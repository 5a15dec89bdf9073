# EWC's Fisher diagonal and anchor copy stay on the GPU through evaluation
# too: the planned eval batch leaves them room, so check reads the printed
# plan back as fitting, training and evaluation; --seq-len max counts them
# as the batch search does, so the length it picks plans
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$VRAMPLAN" --model mt5 --gpu rtx3090 --ewc -q >"$d/c.yaml"
grep "^per_device" "$d/c.yaml"
printf 'max_source_length: 512\nmax_target_length: 128\nvramplan:\n  ewc: true\n' >>"$d/c.yaml"
"$VRAMPLAN" check -q "$d/c.yaml" --model mt5 --gpu rtx3090 | sed 's/.*rtx3090: \([A-Z ]*\).*/\1/'
"$VRAMPLAN" estimate --model mt5 --gpu rtx3090 --batch 1 --seq-len max --ewc | grep "^# seq-len max\|^fits"
