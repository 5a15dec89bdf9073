# Run the check step of examples/github-actions/vramplan-check.yml as the
# runner would (GITHUB_ACTIONS=true), on a checkout whose configs/ holds the
# example YAML configs. The command is taken from the workflow file itself.
src=$PWD
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/configs"
cp examples/configs/*.yaml "$tmp/configs/"
args=$(sed -n 's/^ *run: \.vramplan\/build\/vramplan check //p' "$src/examples/github-actions/vramplan-check.yml")
[ -n "$args" ] || { echo "no check step in the workflow" >&2; exit 99; }
cd "$tmp" || exit 1
GITHUB_ACTIONS=true
export GITHUB_ACTIONS
eval "\"\$VRAMPLAN\" check -q $args"
