# A checkpoint saved by bitsandbytes in 4 bit (config.json's
# quantization_config: nf4 with double quantization) loads quantized: the
# default full fine-tune is planned as LoRA over that base (qlora nf4-dq)
"$VRAMPLAN" estimate --model tests/data/configs/llama-3-8b-instruct-bnb-4bit.json --gpu rtx4090 --batch 1 -v
