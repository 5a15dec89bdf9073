# plan's and estimate's --seq-len max is a search; check runs at the length
# the config's run uses. Before, check said "expected a whole number for
# '--set seq_len', found 'max'", naming an option the user did not type.
"$VRAMPLAN" check examples/configs/seed000-stage4.yaml --gpu rtx3090 --seq-len max
