# --quant int8 over a checkpoint stored as nf4-dq names a base that is not there
"$VRAMPLAN" estimate --model tests/data/configs/llama-3-8b-instruct-bnb-4bit.json --gpu rtx4090 --batch 1 \
	--method qlora --quant int8
