# A frozen model trains nothing: there is no training batch to plan, and
# the error says where a forward pass's memory is estimated instead.
"$VRAMPLAN" --model mt5 --gpu rtx3090 --method frozen
