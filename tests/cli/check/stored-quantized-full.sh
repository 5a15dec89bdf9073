# a checkpoint stored in 4 bit: a full fine-tune is refused at the model key
"$VRAMPLAN" check tests/data/check/stored-quantized-full.yaml --gpu rtx4090
