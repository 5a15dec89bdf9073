# The PyTorch version a case states, or the oldest its keys allow when it
# states none (docs/memory-model.md "Which PyTorch"), decides AdamW's step:
# 2.1 and later hold one foreach list the size of the trained parameters,
# 2.0.x two, 1.x one parameter's; 1.x also keeps the gradients. Printed: the
# optimizer step's allocated GiB per case.
"$VRAMPLAN_ACCURACY" -v --cases tests/data/cases/pytorch-era.yaml |
	awk '/^ERA-/ { id = $1 } /phases/ { for (i = 1; i <= NF; i++) if ($i ~ /^opt=/) print id, $i }'
