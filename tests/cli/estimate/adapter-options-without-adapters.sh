# --lora-targets, --lora-r and --lora-dropout with --method full have
# nothing to apply to: each is named in a warning, and the estimate is the
# full fine-tune's
"$VRAMPLAN" estimate --model llama-3.2-1b --gpu a100-80gb --batch 2 --lora-targets q_proj --lora-r 4 --lora-dropout 0 --format json >/dev/null
