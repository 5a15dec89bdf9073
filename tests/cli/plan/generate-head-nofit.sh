# --generate with a head that cannot generate is an input error (exit 2)
# whether or not batch 1 fits. Until 2026-11-30 a setup too large for the
# GPU said "nothing fits" (exit 1) instead, and listed only the changes that
# did not fit: each one that did, planned again, reached the evaluation and
# its input error, and was dropped (found by scripts/invariants.py: mDeBERTa
# at 2,048 tokens on an RTX 3060 with --num-beams 4 had no advice at all).
"$VRAMPLAN" --model bert-base-uncased --gpu rtx3060 --generate --util 0.1
