# Seed 003's Llama-3.2-Korean-3B QLoRA run as an axolotl config: batch 8
# fits a 24 GB card, as in the story.
"$VRAMPLAN" check examples/configs/seed003-llama-qlora-axolotl.yaml
