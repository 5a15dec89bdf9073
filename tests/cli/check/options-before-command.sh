# check's short options with a value may come before the word "check", as
# its long ones may: the value is not taken for the command word.
f=examples/configs/seed000-stage4.yaml
"$VRAMPLAN" -g rtx3090 check "$f" -q | awk '{print $1, $2, $3}'
"$VRAMPLAN" -q -m mt5 --gpu rtx3090 check "$f" | awk '{print $1, $2, $3}'
"$VRAMPLAN" -qgrtx3090 check "$f" | awk '{print $1, $2, $3}'
# plan spells them the same way (-m, -g), before or after its options
"$VRAMPLAN" -g rtx3090 -m mt5 -q | sed -n 4,6p
"$VRAMPLAN" -qgrtx3090 --model mt5 | sed -n 4,6p
# and -g means nothing to list
"$VRAMPLAN" list models -g rtx3090 2>&1
echo "exit $?"
