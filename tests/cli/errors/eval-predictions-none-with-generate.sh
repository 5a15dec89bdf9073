# without a metric Seq2SeqTrainer does not generate: the flags contradict
"$VRAMPLAN" --model mt5 --gpu rtx3090 --eval-predictions none --num-beams 4
