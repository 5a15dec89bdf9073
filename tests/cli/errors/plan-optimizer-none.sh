# A plan trains: with no optimizer it would print no optim key and the
# trainer would step its default AdamW, whose states it never counted
"$VRAMPLAN" --model mt5 --gpu rtx3090 --optimizer none
