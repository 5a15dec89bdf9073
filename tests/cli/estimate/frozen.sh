# --method frozen: nothing requires grad, so the forward saves nothing for
# backward; the peak is the weights, one block's working set and the
# logits with the loss, and no optimizer is named
"$VRAMPLAN" estimate --model llama-3.2-3b --gpu a100-80gb --method frozen --batch 4 --seq-len 1024 --precision bf16
# ... and in JSON its optimizer is "none"; one given is ignored, with a warning
"$VRAMPLAN" estimate --model llama-3.2-3b --gpu a100-80gb --method frozen --batch 4 --seq-len 1024 --precision bf16 --optimizer lion --format json | grep '"optimizer"'
