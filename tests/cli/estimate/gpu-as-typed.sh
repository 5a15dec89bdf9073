# a GPU as nvidia-smi prints it and a model name as typed find their
# catalogue entries (case, spaces and punctuation aside)
"$VRAMPLAN" estimate --model "mT5 Base" --gpu "NVIDIA GeForce RTX 3090" --batch 1 | head -1
"$VRAMPLAN" estimate --model mt5 --gpu "Tesla V100-SXM2-16GB" --precision fp32 --batch 1 | head -1
