# A case may state what torch.compile covered (compile_scope, an extension of
# the shared schema): the whole model with its loss, as HF Trainer's
# torch_compile runs it, or each block with the loss apart, as torchtune
# compiles. Unstated, the blocks are assumed (the loss keeps its eager
# 12 x T x V bytes, the safe side) and the case report says how far the
# whole-model reading would move the estimate (docs/memory-model.md
# "torch.compile").
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/compile-scope.yaml |
	awk '/^COMPILE-SCOPE/ { note = $0; sub(/^.*peak in/, "peak in", note); print $1, $4, $5, note }'
