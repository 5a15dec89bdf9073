# A Seq2SeqTrainingArguments config with predict_with_generate: the setup
# note says the generation the eval peak holds (the beams and the tokens
# the config states), as plan's eval line does; until 2026-11-29 nothing
# on check's output said whether generation had been read
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
printf '{"model_name_or_path": "csebuetnlp/mT5_multilingual_XLSum",\n "per_device_train_batch_size": 4,\n "predict_with_generate": true,\n "generation_num_beams": 4,\n "generation_max_length": 84,\n "max_source_length": 512,\n "bf16": true}\n' >g.json
"$VRAMPLAN" check g.json --gpu rtx3090 2>&1 | grep "config, model"
# no evaluation, no generation
printf '{"model_name_or_path": "csebuetnlp/mT5_multilingual_XLSum",\n "predict_with_generate": true,\n "eval_strategy": "no",\n "bf16": true}\n' >n.json
"$VRAMPLAN" check n.json --gpu rtx3090 2>&1 | grep "config, model"
