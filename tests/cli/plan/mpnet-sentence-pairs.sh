# all-mpnet-base-v2 as sentence-transformers fine-tunes it: the bare encoder
# over anchor-positive pairs (two texts per example). LoRA on q and v
# (PEFT has no default for mpnet: a warning, then MPNetSelfAttention's q, v)
# trains 294,912 adapters at rank 8, as a public SetFit note counts them.
"$VRAMPLAN" --model all-mpnet-base-v2 --gpu t4 --head encoder --texts-per-example 2 --seq-len 128 --method lora --format json 2>/dev/null |
	python3 -c 'import json,sys; d=json.load(sys.stdin); e=d["estimate"]; print(d["setup"]["lora"]["targets"], e["params_total"], e["params_trainable"], d["settings"]["per_device_train_batch_size"])'
"$VRAMPLAN" --model all-mpnet-base-v2 --gpu t4 --head encoder --texts-per-example 2 --seq-len 128 --format json |
	python3 -c 'import json,sys; d=json.load(sys.stdin); e=d["estimate"]; print(e["params_total"], d["settings"]["per_device_train_batch_size"], e["attention_scores_bytes"] > 0)'
