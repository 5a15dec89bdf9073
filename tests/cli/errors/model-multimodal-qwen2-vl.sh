# Qwen2.5-VL-7B-Instruct's config as transformers 4.53 re-saves it (the text
# keys twice: at the top level and in a text_config of model_type
# qwen2_5_vl_text, which names no family vramplan models): refused as
# multimodal, naming the family of its layers (qwen2; docs/catalogue.md)
"$VRAMPLAN" --model tests/data/cli/multimodal-qwen2.5-vl-7b.json --gpu h100
