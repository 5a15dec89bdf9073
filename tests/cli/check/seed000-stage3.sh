# Seed 000, stage 3: the configuration that trained. The story measured
# 18.3 GB on the GPU; vramplan estimates 18.6 GiB at batch 12.
"$VRAMPLAN" check examples/configs/seed000-stage3.yaml --gpu rtx3090 --host-ram 60GB --cpus 48
