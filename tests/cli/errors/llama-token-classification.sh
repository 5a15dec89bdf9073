# transformers has LlamaForTokenClassification, but vramplan's token
# classifier is the encoders' (BertForTokenClassification and its kin): a
# decoder's is refused with that reason, not estimated as something else.
"$VRAMPLAN" --model llama-3.2-1b --gpu a100-40gb --head token-classification
