# a multimodal Gemma 3 whose SigLIP image is 10^15 pixels a side: its
# position table would overflow the count, so it is refused at vision_config
timeout 60 "$VRAMPLAN" estimate --model tests/data/hostile/vision-image-1e15.json --gpu rtx3090 --batch 1
