# Gemma 3 4B's multimodal checkpoint (Gemma3ForConditionalGeneration)
# fine-tuned on text with LoRA: the text model's estimate plus the SigLIP
# tower's and projector's weights, which no text batch runs, and the
# adapters all-linear puts on the tower's linears (4,347,648 at r 8: weights
# only, no gradient or optimizer state; until 2026-12-01 not counted)
"$VRAMPLAN" estimate --model tests/data/configs/gemma-3-4b-it.json --gpu rtx4090 --method lora \
	--lora-targets all-linear --precision bf16 --grad-ckpt --batch 2 --seq-len 1024
