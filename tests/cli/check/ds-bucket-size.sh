# zero_optimization.reduce_bucket_size must be a whole number of elements
# (exponent form allowed) or "auto"; anything else is an error at the value
"$VRAMPLAN" check --gpu a100-40gb tests/data/trainconfig/bad/ds-bucket.json
