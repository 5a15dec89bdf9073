# TrainingArguments has no LoRA keys, so the note names the LoraConfig the
# plan is for: a DoRA plan's says use_dora=True (PEFT's LoraConfig field),
# or the script would train plain LoRA instead of what was planned
"$VRAMPLAN" --model llama-3.2-1b --gpu rtx4090 --method lora --dora --profile hf | grep "LoraConfig("
