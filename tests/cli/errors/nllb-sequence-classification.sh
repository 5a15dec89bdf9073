# transformers has no M2M100ForSequenceClassification (nor a Marian one):
# the translation models offer their seq2seq LM and the bare model.
"$VRAMPLAN" --model nllb --gpu rtx3090 --head sequence-classification --num-labels 3
