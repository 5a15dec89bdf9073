# A training config given to --model, where the model's config.json goes:
# the JSON error says which file belongs where (until 2026-12-01 a bare
# "invalid JSON" at 1:1).
"$VRAMPLAN" --model examples/configs/seed000-stage3.yaml --gpu rtx3090
# A JSON training config (a DeepSpeed config) alike, by its batch key (until
# 2026-12-01 "missing field 'model_type' (is this a Hugging Face config.json?)")
"$VRAMPLAN" --model examples/configs/seed004-deepspeed-zero2.json --gpu rtx3090
