# Loose name matching folds ASCII spaces and punctuation ("MT-5" is mt5),
# but a byte outside printable ASCII is not spelling: 'mt\xff5' and
# 'rtx3090\x01' are unknown names (exit 2, a suggestion), never mt5.
"$VRAMPLAN" --model "$(printf 'mt\3775')" --gpu rtx3090
echo "exit $?"
"$VRAMPLAN" --model mt5 --gpu "$(printf 'rtx3090\001')"
echo "exit $?"
"$VRAMPLAN" --model 'MT-5' --gpu 'RTX 3090' | head -n 1
