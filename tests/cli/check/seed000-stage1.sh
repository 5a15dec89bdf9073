# Seed 000, stage 1: 32 DataLoader workers at ~2 GiB each push the 60 GB
# container over its limit (the story's failure). vramplan also finds batch
# 20 and eval batch 48 too large for 80% of a 24 GB card; the story
# expected "~24GB" of GPU memory at this stage.
"$VRAMPLAN" check examples/configs/seed000-stage1.yaml --gpu rtx3090 --host-ram 60GB --cpus 48
