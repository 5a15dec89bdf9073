# Pegasus-large, a summarization fine-tune: 1024 source and 128 target
# tokens, its two frozen sinusoidal tables counted but never trained
"$VRAMPLAN" estimate --model tests/data/configs/pegasus-large.json --gpu a100-40gb --batch 4 --seq-len 1024 \
	--target-len 128
