# Batch, accumulation and lengths of 2^32.
timeout 60 "$VRAMPLAN" check -q tests/data/hostile/check-huge-numbers.yaml
