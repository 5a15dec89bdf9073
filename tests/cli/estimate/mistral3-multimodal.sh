# Mistral Small 3.1's multimodal checkpoint (Mistral3ForConditionalGeneration)
# fine-tuned on text with QLoRA: the text model's estimate plus the Pixtral
# tower's and projector's weights, their linears 4-bit with the text
# model's (until 2026-12-01 refused: "give a config.json of that alone"),
# and the adapters all-linear puts on their linears (4,694,016 at r 8:
# weights only; until 2026-12-01 not counted)
"$VRAMPLAN" estimate --model tests/data/configs/mistral-small-3.1-24b-instruct-2503.json --gpu a100-80gb \
	--method qlora --lora-targets all-linear --grad-ckpt --batch 2 --seq-len 1024
