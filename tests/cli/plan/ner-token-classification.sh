# Named-entity recognition with KLUE-style BERT tagging: a label per token.
# A checkpoint saved as BertForTokenClassification gets the head and its
# id2label's 9 classes by default (dslim/bert-base-NER's shape:
# bert-base-cased, 107,726,601 parameters as its model card's summary prints
# them: no pooler, a 768 x 9 classifier); under LoRA the classifier trains as
# PEFT's copy beside the adapters; --num-labels overrides the checkpoint's.
# The last run is the plan a 16 GB card gets.
cfg=$(mktemp) || exit 1
cat >"$cfg" <<'JSON'
{"architectures": ["BertForTokenClassification"], "model_type": "bert", "hidden_size": 768,
 "intermediate_size": 3072, "num_hidden_layers": 12, "num_attention_heads": 12, "vocab_size": 28996,
 "max_position_embeddings": 512, "type_vocab_size": 2, "hidden_act": "gelu",
 "hidden_dropout_prob": 0.1, "attention_probs_dropout_prob": 0.1,
 "id2label": {"0": "O", "1": "B-MISC", "2": "I-MISC", "3": "B-PER", "4": "I-PER", "5": "B-ORG",
              "6": "I-ORG", "7": "B-LOC", "8": "I-LOC"}}
JSON
"$VRAMPLAN" estimate --model "$cfg" --gpu t4 --batch 16 --seq-len 128 --format json |
	python3 -c 'import json,sys; d=json.load(sys.stdin); e=d["estimate"]; print(d["setup"]["head"], d["setup"]["num_labels"], e["params_total"], e["params_trainable"])'
"$VRAMPLAN" estimate --model "$cfg" --gpu t4 --batch 16 --seq-len 128 --num-labels 5 --format json |
	python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["setup"]["num_labels"])'
"$VRAMPLAN" estimate --model "$cfg" --gpu t4 --batch 16 --seq-len 128 --method lora --format json |
	python3 -c 'import json,sys; e=json.load(sys.stdin)["estimate"]; print(e["params_total"], e["params_trainable"])'
# import writes the classes into the catalogue entry, which keeps them
cat_file=$(mktemp) || exit 1
"$VRAMPLAN" import "$cfg" >"$cat_file"
grep -E '^  (architecture|num_labels):' "$cat_file"
"$VRAMPLAN" estimate --catalog "$cat_file" --model "$(sed -n 's/^- name: //p' "$cat_file")" --gpu t4 --batch 16 --seq-len 128 --format json |
	python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["setup"]["head"], d["setup"]["num_labels"], d["estimate"]["params_total"])'
"$VRAMPLAN" --model bert-base-uncased --gpu v100-16gb --head token-classification --num-labels 13 --seq-len 256
rm -f "$cfg" "$cat_file"
