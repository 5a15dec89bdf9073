"$VRAMPLAN" estimate --model eenzeenee --gpu a100-40gb --batch 4 --format json
