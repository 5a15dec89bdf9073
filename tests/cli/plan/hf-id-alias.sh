# An instruct checkpoint with its base model's architecture numbers is an alias
# of the base entry by its Hugging Face id (docs/catalogue.md "Lookup"), as
# LLaMA-Factory's model_name_or_path and axolotl's base_model spell it: it
# plans exactly as the entry does.
a=$("$VRAMPLAN" --model meta-llama/Llama-3.1-8B-Instruct --gpu h100 --method lora --format json)
b=$("$VRAMPLAN" --model llama-3.1-8b --gpu h100 --method lora --format json)
[ -n "$a" ] && [ "$a" = "$b" ] && echo same
a=$("$VRAMPLAN" --model Qwen/Qwen2.5-7B-Instruct --gpu h100 --method lora --format json)
b=$("$VRAMPLAN" --model qwen2.5-7b --gpu h100 --method lora --format json)
[ -n "$a" ] && [ "$a" = "$b" ] && echo same
# Qwen3-4B-Instruct-2507 (LLaMA-Factory's examples name it): Qwen3-4B's
# shapes; its config states 262144 positions, the alias plans with the
# entry's 40960
a=$("$VRAMPLAN" --model Qwen/Qwen3-4B-Instruct-2507 --gpu h100 --method lora --format json)
b=$("$VRAMPLAN" --model qwen3-4b --gpu h100 --method lora --format json)
[ -n "$a" ] && [ "$a" = "$b" ] && echo same
