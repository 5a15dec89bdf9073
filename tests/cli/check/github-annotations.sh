# Under GitHub Actions each failing check is also an ::error annotation at
# the key that sets it: the train batch, the eval batch, the worker count.
GITHUB_ACTIONS=true "$VRAMPLAN" check -q examples/configs/seed000-stage1.yaml
