# A model_type vramplan does not model whose remote code builds
# multi-token-prediction layers beside the decoder (XiaomiMiMo/MiMo-7B-RL:
# Qwen2's keys, RMSNorm and SiLU beside num_nextn_predict_layers 1; MiMoModel
# adds one MiMoMTPLayers per count) is refused, at the key, not read as a
# Llama: that reading counted 7.62B parameters for about 7.83B, the MTP
# layer and the q/k/v biases left out. The config:
# tests/data/hfconfig/bad/README.md.
"$VRAMPLAN" estimate --model tests/data/hfconfig/bad/mimo-7b-rl.json --gpu a100-80gb --batch 1
