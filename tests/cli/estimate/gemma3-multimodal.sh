# Gemma 3 4B's multimodal checkpoint (Gemma3ForConditionalGeneration)
# fine-tuned on text with LoRA: the text model's estimate plus the SigLIP
# tower's and projector's weights, which no text batch runs
"$VRAMPLAN" estimate --model tests/data/configs/gemma-3-4b-it.json --gpu rtx4090 --method lora \
	--lora-targets all-linear --precision bf16 --grad-ckpt --batch 2 --seq-len 1024
