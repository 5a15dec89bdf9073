# NLLB-200 distilled 600M fine-tuned for Korean-English translation on a
# 24 GB card: sources of 128 tokens, targets of 128. Its 256,206-token
# vocabulary makes the logits and the loss the largest term; the
# sinusoidal position tables are buffers (615,073,792 parameters, all
# trained).
"$VRAMPLAN" --model nllb --gpu rtx3090 --seq-len 128 --target-len 128
