# A generating evaluation keeps token ids: one move's 48 samples'
# predictions are a few KiB of host RAM, so the note that would name them
# as part of the host RAM over the limit ("0.00 GiB of the host RAM are ...")
# is not printed; the result line still says the host RAM does not fit.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
{ cat examples/configs/seed000-stage1.yaml; echo "predict_with_generate: true"; } >"$d/gen.yaml"
cd "$d" && "$VRAMPLAN" check gen.yaml --gpu rtx3090 2>&1 | grep -v "note: gen.yaml: default " | grep -c "of the host RAM are"
cd "$d" && "$VRAMPLAN" check -q gen.yaml --gpu rtx3090 | grep -o "host RAM [0-9.]* GiB of [0-9.]* GiB"
