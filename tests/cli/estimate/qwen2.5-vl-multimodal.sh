# Qwen2.5-VL-7B-Instruct's multimodal checkpoint (Qwen2_5_VLForConditional
# Generation, its config as transformers 4.53 re-saves it: a text_config of
# model_type qwen2_5_vl_text) fine-tuned on text with QLoRA: Qwen2.5-7B's
# estimate plus the visual tower's and merger's weights, their linears 4-bit
# with the text model's, and a warning that image inputs are not modelled
# (until 2026-12-01 refused: "give a config.json of that alone")
"$VRAMPLAN" estimate --model tests/data/cli/multimodal-qwen2.5-vl-7b.json --gpu a100-80gb \
	--method qlora --lora-targets all-linear --grad-ckpt --batch 2 --seq-len 1024
