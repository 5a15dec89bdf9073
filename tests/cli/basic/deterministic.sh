# the same inputs give the same bytes
a=$("$VRAMPLAN" --model mt5 --gpu rtx3090 --format json)
b=$("$VRAMPLAN" --model mt5 --gpu rtx3090 --format json)
[ "$a" = "$b" ] && echo same
