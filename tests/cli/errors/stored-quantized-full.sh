# an explicit full fine-tune of a checkpoint stored in 4 bit: its weights
# cannot train, so it is refused with the way out
"$VRAMPLAN" estimate --model tests/data/configs/llama-3-8b-instruct-bnb-4bit.json --gpu rtx4090 --batch 1 \
	--method full
