"$VRAMPLAN" list models --seq-len 512
# a short option is named as typed, as a missing value is ('-m needs a
# value'); until 2026-11-30 'vramplan list -m x' said '--model'
"$VRAMPLAN" list models -m mt5
"$VRAMPLAN" -qg a100-80gb list gpus
"$VRAMPLAN" list models --gpu a100-80gb
