# -o FILE writes exactly what stdout would get
t=$(mktemp) || exit 1
"$VRAMPLAN" --model mt5 --gpu rtx3090 -o "$t" || exit 1
"$VRAMPLAN" --model mt5 --gpu rtx3090 | cmp - "$t" && echo same
rm -f "$t"
