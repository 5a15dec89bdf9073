# estimate takes the evaluation options as plan does, with plan's errors:
# --num-beams asks for generation, which --eval-predictions none (the loss
# alone, no metric) does not run; a classifier head generates nothing
"$VRAMPLAN" estimate --model mt5 --gpu rtx3090 --batch 4 --eval-predictions none --num-beams 4
echo "exit $?"
"$VRAMPLAN" plan --model mt5 --gpu rtx3090 --eval-predictions none --num-beams 4
echo "exit $?"
"$VRAMPLAN" estimate --model bert-base --gpu rtx3090 --batch 4 --num-beams 4 2>&1
echo "exit $?"
