# Seed 001 (Korean: batch sizes for inference with mT5 and pko-T5 on a
# V100 and an RTX 3080): --method frozen with --generate is an inference
# batch, model.generate() alone (no labels, no loss forward): no optimizer
# states, no gradients; the evaluation step is the answer. fp32, as the
# warning for mT5 in fp16 says. Beam search over 4 beams, 84 new tokens.
"$VRAMPLAN" estimate --model mt5 --gpu v100 --method frozen --precision fp32 --generate --num-beams 4 \
	--max-new-tokens 84 --batch 8
# pko-T5 on an RTX 3080 (10 GB) at a larger batch: the eval lines alone
"$VRAMPLAN" estimate --model pko-t5 --gpu rtx3080 --method frozen --precision fp32 --num-beams 4 \
	--max-new-tokens 84 --batch 32 | grep -E '^# eval|^eval_(fits|peak_moment|device_bytes)'
