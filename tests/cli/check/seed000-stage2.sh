# Seed 000, stage 2: 16 workers fit the container (vramplan: about 36 GiB of
# 55.9 GiB). The story blamed the container for this stage's failure, from
# its own 63 GB guess; vramplan says host RAM fits and the GPU does not:
# batch 18 without checkpointing needs about 23.5 GiB, over 80% of 24 GB.
"$VRAMPLAN" check examples/configs/seed000-stage2.yaml --gpu rtx3090 --host-ram 60GB --cpus 48
