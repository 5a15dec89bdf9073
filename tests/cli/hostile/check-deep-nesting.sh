# The same nesting as a training config for check.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "[" }' >"$d/deep.yaml"
cd "$d" && timeout 10 "$VRAMPLAN" check -q deep.yaml
