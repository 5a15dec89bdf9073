# The same config through import: exit 3 'YAML emitter error'.
# Expected: the same input error as the plan, exit 2.
timeout 60 "$VRAMPLAN" import tests/data/hostile/invalid-utf8.json
