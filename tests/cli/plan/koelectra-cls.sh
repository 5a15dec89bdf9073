# KoELECTRA classification. With LoRA: PEFT's default targets for electra
# (query, value), and the whole ElectraClassificationHead (dense and
# out_proj) trained as PEFT's SEQ_CLS "classifier". Full fine-tuning of
# KoELECTRA-Small-v3 counts 14,056,192 (its published total, embeddings of
# width 128 and embeddings_project) plus the head's 65,792 + 514.
"$VRAMPLAN" --model koelectra --gpu rtx3090 --head sequence-classification --method lora --seq-len 256 --format json |
	python3 -c 'import json,sys; d=json.load(sys.stdin); e=d["estimate"]; print(d["setup"]["lora"]["targets"], e["params_total"], e["params_trainable"], d["settings"]["per_device_train_batch_size"])'
"$VRAMPLAN" --model koelectra-small --gpu rtx3090 --head sequence-classification --seq-len 128 --format json |
	python3 -c 'import json,sys; d=json.load(sys.stdin); e=d["estimate"]; print(e["params_total"], e["params_trainable"], d["settings"]["per_device_train_batch_size"])'
