# predict_with_generate with a head that has no LM head is an input error at the key
"$VRAMPLAN" check --gpu a100-80gb tests/data/trainconfig/bad/generate-with-classifier.yaml
