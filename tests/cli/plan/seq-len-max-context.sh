# --seq-len max on a rotary model: TinyLlama would fit 13,696 tokens on an
# A100 80GB, but was trained on 2048 (max_position_embeddings); past them
# RoPE runs on positions the model never saw, so the search stops there
# and says which key held it; with --generate, less the tokens generated
# after the prompt; estimate stops there too
"$VRAMPLAN" --model tinyllama --gpu a100-80gb --seq-len max | sed -n 2,3p
"$VRAMPLAN" --model tinyllama --gpu a100-80gb --seq-len max --format json | grep -A9 '"seq_len_search"'
"$VRAMPLAN" --model tinyllama --gpu a100-80gb --seq-len max --generate | sed -n 3p
"$VRAMPLAN" estimate --model tinyllama --gpu a100-80gb --batch 2 --seq-len max | sed -n 3p
# a config.json: its max_position_embeddings (Phi-3-mini-4k: 4096)
"$VRAMPLAN" --model tests/data/configs/phi-3-mini-4k-instruct.json --gpu a100-80gb --method lora --grad-ckpt --seq-len max 2>/dev/null | sed -n 3p
