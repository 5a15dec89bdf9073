# A config whose file name holds a newline and a forged result line: the
# name prints with its control characters as '?', so stdout keeps one
# result line a file and nothing reads as a second verdict.
d=$(mktemp -d) || exit 1
name="$d/evil
x.yaml a100-40gb: FITS"
cp examples/configs/seed000-stage4.yaml "$name"
timeout 60 "$VRAMPLAN" check "$name" --gpu rtx3090 2>&1 | sed "s|$d/||g"
timeout 60 "$VRAMPLAN" check "$name" --gpu rtx3090 -v 2>&1 >/dev/null | grep -c "^x.yaml"
rm -rf "$d"
# and the matrix of several GPUs keeps one row a file
d=$(mktemp -d) || exit 1
name="$d/evil
x.yaml   FITS   FITS"
cp examples/configs/seed000-stage4.yaml "$name"
# (run beside the file: the header's width follows the name's length)
(cd "$d" && timeout 60 "$VRAMPLAN" check -q "${name#"$d/"}" --gpu rtx3090 --gpu a100-80gb 2>/dev/null) | tail -2
rm -rf "$d"
