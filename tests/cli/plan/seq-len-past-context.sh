# an explicit --seq-len past a rotary model's context: RoPE runs there (no
# position table to index past, unlike BERT's or GPT-2's), but on positions
# the model was not trained for: a warning naming the context and its key,
# the plan at the length asked for, exit 0
"$VRAMPLAN" --model tinyllama --gpu a100-80gb --seq-len 4096 | sed -n 2p
# the prompt fits, the tokens generated after it do not
"$VRAMPLAN" --model tinyllama --gpu a100-80gb --seq-len 2000 --generate >/dev/null
# Llama 3.2's rope_scaling is already in its 131072 positions
"$VRAMPLAN" estimate --model llama-3.2-1b --gpu h100 --method qlora --grad-ckpt --batch 1 --seq-len 140000 2>&1 >/dev/null | grep context
# a config.json names its own key: CodeGen's n_positions
"$VRAMPLAN" estimate --model tests/data/configs/codegen-350M-mono.json --gpu a100-80gb --batch 1 --seq-len 4096 >/dev/null
# -q: no warning
"$VRAMPLAN" -q --model tinyllama --gpu a100-80gb --seq-len 4096 >/dev/null
