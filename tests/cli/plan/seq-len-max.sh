# --seq-len max: the longest sequence at which batch 1 fits (QLoRA Llama 3.2
# 3B on an RTX 4090), as LLaMA-Factory's cutoff_len; BERT stops at its 512
# positions; estimate searches at its --batch; a sweep refuses it
"$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 --method qlora --grad-ckpt --seq-len max --profile llamafactory
"$VRAMPLAN" --model bert-large-uncased --gpu a100-80gb --seq-len max --format json | grep -A7 '"seq_len_search"'
"$VRAMPLAN" estimate --model mt5 --gpu rtx3090 --batch 2 --seq-len max | head -3
"$VRAMPLAN" sweep --gpu rtx4090 --seq-len max
# generation after the prompt: GPT-2's 1024 positions less the 128 generated
"$VRAMPLAN" --model gpt2 --gpu h100 --seq-len max --generate | sed -n 3p
# not one token fits: said so, with what would help
"$VRAMPLAN" --model llama-3.2-3b --gpu t4 --precision fp32 --seq-len max 2>&1 | head -2
