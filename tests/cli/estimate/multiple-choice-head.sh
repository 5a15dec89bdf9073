# BertForMultipleChoice runs every choice as a sequence: 4 assumed, with a
# warning, unless --texts-per-example gives the count
"$VRAMPLAN" estimate --model tests/data/hfconfig/heads/bert-base-multiple-choice.json --gpu a100-80gb --batch 4 |
	sed -n 2p
"$VRAMPLAN" estimate --model tests/data/hfconfig/heads/bert-base-multiple-choice.json --gpu a100-80gb --batch 4 \
	--texts-per-example 5 | sed -n 2p
