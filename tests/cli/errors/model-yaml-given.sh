# A training config given to --model, where the model's config.json goes:
# the JSON error says which file belongs where (until 2026-12-01 a bare
# "invalid JSON" at 1:1).
"$VRAMPLAN" --model examples/configs/seed000-stage3.yaml --gpu rtx3090
