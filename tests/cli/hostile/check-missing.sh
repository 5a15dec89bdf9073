# A training config that is not there.
timeout 60 "$VRAMPLAN" check -q tests/data/hostile/missing.yaml
