# DistilBERT classification with LoRA: PEFT has no default targets for the
# type (constants.py), so vramplan assumes q_lin and v_lin and warns on
# stderr; the pre_classifier and the classifier both train (PEFT's SEQ_CLS
# modules_to_save "classifier" matches the end of "pre_classifier" too), each
# as a copy beside its frozen original. Full fine-tuning counts what a
# Keras summary of TFDistilBertForSequenceClassification prints: 66,955,010.
"$VRAMPLAN" --model distilbert --gpu t4 --head sequence-classification --num-labels 4 --method lora --seq-len 256 --format json |
	python3 -c 'import json,sys; d=json.load(sys.stdin); e=d["estimate"]; print(d["setup"]["lora"]["targets"], e["params_total"], e["params_trainable"], d["settings"]["per_device_train_batch_size"])'
"$VRAMPLAN" --model distilbert --gpu t4 --head sequence-classification --num-labels 2 --seq-len 128 --format json |
	python3 -c 'import json,sys; d=json.load(sys.stdin); e=d["estimate"]; print(e["params_total"], e["params_trainable"])'
