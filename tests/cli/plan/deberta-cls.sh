# DeBERTa-v3 classification. Full fine-tuning counts what users print for
# DebertaV2ForSequenceClassification with 2 labels (184,423,682 for
# deberta-v3-base, 435,063,810 for -large). With LoRA: PEFT's default
# targets for deberta-v2 (query_proj, value_proj), the classifier trained,
# the ContextPooler's dense counted and frozen. The attention is eager
# whatever --attn says: DeBERTa has no SDPA path.
"$VRAMPLAN" --model deberta-v3-base --gpu rtx3090 --head sequence-classification --seq-len 512 --format json |
	python3 -c 'import json,sys; d=json.load(sys.stdin); e=d["estimate"]; print(e["params_total"], d["settings"]["per_device_train_batch_size"], e["attention_scores_bytes"])'
"$VRAMPLAN" --model deberta-v3-large --gpu rtx3090 --head sequence-classification --seq-len 512 --format json |
	python3 -c 'import json,sys; d=json.load(sys.stdin); e=d["estimate"]; print(e["params_total"], d["settings"]["per_device_train_batch_size"])'
"$VRAMPLAN" --model mdeberta --gpu rtx3090 --head sequence-classification --method lora --seq-len 256 --format json |
	python3 -c 'import json,sys; d=json.load(sys.stdin); e=d["estimate"]; print(d["setup"]["lora"]["targets"], e["params_total"], e["params_trainable"], d["settings"]["per_device_train_batch_size"])'
