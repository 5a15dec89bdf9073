# The plain git hook in examples/pre-commit: in a scratch repository, a
# staged stage-1 config (32 DataLoader workers in a 60 GB container) stops
# the commit, and so does stage 3 (its 16 workers and the evaluation's 16 more
# exceed the container); once only stage 4 is staged, the hook passes.
src=$PWD
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
git init -q . || exit 1
mkdir configs
cp "$src/examples/configs/seed000-stage1.yaml" "$src/examples/configs/seed000-stage3.yaml" \
	"$src/examples/configs/seed000-stage4.yaml" configs/
echo "notes" > README
git add README configs/seed000-stage1.yaml
sh "$src/examples/pre-commit/pre-commit" >/dev/null 2>"$tmp/stderr"
echo "with stage 1 staged: exit $?"
tail -n 1 "$tmp/stderr"
git rm -q --cached configs/seed000-stage1.yaml
git add configs/seed000-stage3.yaml
sh "$src/examples/pre-commit/pre-commit" >/dev/null 2>&1
echo "with stage 3 staged: exit $?"
git rm -q --cached configs/seed000-stage3.yaml
git add configs/seed000-stage4.yaml
sh "$src/examples/pre-commit/pre-commit" >/dev/null 2>&1
echo "with stage 4 staged: exit $?"
git rm -q --cached configs/seed000-stage4.yaml
sh "$src/examples/pre-commit/pre-commit"
echo "with no config staged: exit $?"
