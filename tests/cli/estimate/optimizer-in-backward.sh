# --optimizer-in-backward: each parameter is stepped as its gradient is
# complete, so no full gradient buffer exists (gradients are one
# parameter's and the tied embedding's); batch 4 x 2048 does not fit 80%
# of an A100 80GB, which the estimate says on stderr and in "fits: false"
"$VRAMPLAN" estimate --model llama-3.2-3b --gpu a100-80gb --batch 4 --seq-len 2048 --precision bf16 --optimizer-in-backward
