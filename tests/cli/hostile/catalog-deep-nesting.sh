# 100 000 nested flow sequences: libyaml 0.2.5's scanner is quadratic in
# the depth (tens of seconds). Expected: a quick one-line error, exit 2.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "[" }' >"$d/deep.yaml"
cd "$d" && timeout 10 "$VRAMPLAN" --model mt5 --gpu rtx3090 --catalog deep.yaml
