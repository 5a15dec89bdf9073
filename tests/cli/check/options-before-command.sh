# check's short options with a value may come before the word "check", as
# its long ones may: the value is not taken for the command word.
f=examples/configs/seed000-stage4.yaml
"$VRAMPLAN" -g rtx3090 check "$f" -q | awk '{print $1, $2, $3}'
"$VRAMPLAN" -q -m mt5 --gpu rtx3090 check "$f" | awk '{print $1, $2, $3}'
"$VRAMPLAN" -qgrtx3090 check "$f" | awk '{print $1, $2, $3}'
# plan has no -g: still an unknown option there
"$VRAMPLAN" -g rtx3090 --model mt5 2>&1
echo "exit $?"
