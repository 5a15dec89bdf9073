# Qwen3-VL-4B-Instruct's config (a text_config of model_type qwen3_vl_text,
# which names no family vramplan models): refused as multimodal, naming the
# family of its layers (qwen3; docs/catalogue.md), as Qwen2.5-VL's names qwen2
"$VRAMPLAN" --model tests/data/cli/multimodal-qwen3-vl-4b.json --gpu h100
