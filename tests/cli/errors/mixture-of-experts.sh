# A mixture of experts that vramplan does not model (dots.llm1: shared
# experts, a dense first layer, sigmoid scores, under a model_type vramplan
# does not read) is refused with the reason, not read as a dense model. The
# config: tests/data/hfconfig/bad/README.md.
"$VRAMPLAN" estimate --model tests/data/hfconfig/bad/dots-llm1-inst.json --gpu a100-80gb --batch 1
