# Seed 000, stage 2: 16 workers fit the container in training (vramplan:
# about 36 GiB of 55.9 GiB), not during evaluation, when the eval
# DataLoader's 16 persistent workers run beside them (at most 12 fit). The
# story blamed the container for this stage's failure, from its own 63 GB
# guess; the GPU does not fit either: batch 18 without checkpointing is
# over 80% of 24 GB.
"$VRAMPLAN" check examples/configs/seed000-stage2.yaml --gpu rtx3090 --host-ram 60GB --cpus 48
