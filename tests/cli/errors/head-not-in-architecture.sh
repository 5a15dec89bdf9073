# Llama has no seq2seq LM and T5 no causal LM: refused, naming the heads they have
"$VRAMPLAN" estimate --model llama-3.2-3b --gpu a100-80gb --batch 1 --head seq2seq-lm
"$VRAMPLAN" estimate --model mt5-base --gpu a100-80gb --batch 1 --head causal-lm
