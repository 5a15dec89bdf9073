# A version that is neither 1.x nor 2.x names no era vramplan knows.
"$VRAMPLAN" --model mt5 --gpu rtx3090 --torch-version 3.0
