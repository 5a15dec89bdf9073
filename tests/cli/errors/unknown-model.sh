"$VRAMPLAN" --model mt6 --gpu rtx3090
# a Hub id the catalogue lacks: the command that fetches its config.json
# and the --model that reads it (until 2026-12-01 "give a config.json"
# alone, beside "did you mean 'roberta-base'?", another checkpoint)
"$VRAMPLAN" --model klue/roberta-base --gpu t4
