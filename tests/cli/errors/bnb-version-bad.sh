# A bitsandbytes version must be one such as 0.42.0: "latest" names no era.
"$VRAMPLAN" --model mt5 --gpu rtx3090 --method qlora --bnb-version latest
