# The billion-laughs alias bomb as a training config.
timeout 60 "$VRAMPLAN" check -q tests/data/hostile/alias-bomb.yaml
