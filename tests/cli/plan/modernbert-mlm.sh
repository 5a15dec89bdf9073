# mmBERT-base (ModernBERT's layout, a 256,000-token vocabulary) continued
# pretraining as a masked LM at 1024 tokens: the loss in fp32
# (ForMaskedLMLoss upcasts) over the whole vocabulary bounds the batch
"$VRAMPLAN" --model mmbert-base --gpu rtx3090 --head masked-lm --seq-len 1024
