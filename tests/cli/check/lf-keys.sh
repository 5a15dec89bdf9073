# LLaMA-Factory's quantization_bit: 8, flash_attn: fa2, neat_packing,
# eval_dataset and compute_accuracy are read: the setup line says int8,
# FlashAttention-2 and packed samples, and the evaluation keeps token ids
# ("predictions": "argmax"; without compute_accuracy it keeps none)
"$VRAMPLAN" check -v --format json --gpu a100-40gb tests/data/check/lf-keys.yaml
