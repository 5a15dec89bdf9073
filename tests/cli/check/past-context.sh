# a length past the context a rotary model was trained for (TinyLlama's
# 2048, max_position_embeddings): a warning at the length's key; the
# verdict and the exit code are the memory's
"$VRAMPLAN" check tests/data/check/tinyllama-long.yaml --gpu a100-80gb 2>&1 >/dev/null | grep context
"$VRAMPLAN" check -q tests/data/check/tinyllama-long.yaml --gpu a100-80gb
