# --generate with a decoder-only model: the eval batch is sized for
# generate() on the prompts, which no trainer key sets (Seq2SeqTrainer's
# generation_max_length would count the prompt too), so the plan says so in
# a comment and prints no generation keys
"$VRAMPLAN" --model llama-3.2-1b --gpu rtx4090 --method lora --generate --max-new-tokens 128
