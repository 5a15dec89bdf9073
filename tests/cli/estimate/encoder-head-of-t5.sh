# mT5's encoder alone (MT5EncoderModel): 277,040,256 parameters, no decoder,
# no LM head, no target length (a given one is ignored with a warning)
"$VRAMPLAN" estimate --model mt5-base --gpu rtx3090 --batch 16 --head encoder --target-len 64 --format json |
	awk '/"params_total"|"target_len"|"logits_bytes"|"head"/'
# a classifier over T5 runs the decoder on the shifted source: the target
# length does not change it
a=$("$VRAMPLAN" estimate --model mt5-base --gpu rtx3090 --batch 16 --head sequence-classification --target-len 8 --format json 2>/dev/null | awk '/"allocated_bytes"/')
b=$("$VRAMPLAN" estimate --model mt5-base --gpu rtx3090 --batch 16 --head sequence-classification --target-len 512 --format json 2>/dev/null | awk '/"allocated_bytes"/')
[ "$a" = "$b" ] && echo "sequence-classification: target length ignored"
