# An empty training config.
timeout 60 "$VRAMPLAN" check -q tests/data/hostile/empty.yaml
