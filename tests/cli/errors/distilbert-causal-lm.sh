# transformers has no DistilBertForCausalLM: the head is refused with the
# heads the model has
"$VRAMPLAN" --model distilbert --gpu t4 --head causal-lm
