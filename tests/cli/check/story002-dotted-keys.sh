# Seed 002: a script's own dotted names for the batch, the length,
# checkpointing and AMP are ignored, each with a warning naming the key
# check reads (the config OOMed at 256 x 512 while check, reading none of
# them, planned its defaults without a word)
"$VRAMPLAN" check tests/data/check/seed002-dotted-keys.yaml 2>&1 | grep -E "warning|ignored keys"
