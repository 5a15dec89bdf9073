# bge-m3 was saved as the bare XLMRobertaModel: with no --head it is planned
# as the sentence encoder it is, and -v says where the head came from
"$VRAMPLAN" --model bge-m3 --gpu h100 -v 2>&1 | grep -E "^vramplan: note: head|^# setup"
"$VRAMPLAN" --model tests/data/configs/xlm-roberta-large-bge-m3.json --gpu h100 2>/dev/null | grep "^# setup"
# a config saved as LlamaForSequenceClassification (a reward model) plans a classifier
"$VRAMPLAN" --model tests/data/cli/llama-reward-model.json --gpu h100 -v 2>&1 | grep -E "^vramplan: note: head|^# setup"
