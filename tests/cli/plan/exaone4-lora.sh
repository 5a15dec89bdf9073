# EXAONE 4.0 1.2B (LG AI, Korean and English) with LoRA on every linear of
# the blocks, as Korean instruction tunes run it: PEFT has no default
# targets for exaone4, so all-linear is given. The q_norm and k_norm over
# each head keep fp32 copies of q and k in every layer.
"$VRAMPLAN" --model exaone-4.0-1.2b --gpu rtx3090 --method lora --lora-targets all-linear --seq-len 1024
