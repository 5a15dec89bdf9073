# mT5 classification under LoRA: T5ClassificationHead is classification_head,
# which PEFT's sequence-classification defaults do not name, so it stays at
# its random initialization and only the adapters train (a warning says so);
# named in lora_modules_to_save (vramplan check), its copy trains too and no
# note is given (tests/unit/test_heads.c pins the counts).
"$VRAMPLAN" estimate --model mt5 --gpu a100-40gb --batch 8 --seq-len 256 --head sequence-classification --method lora --format json |
	python3 -c 'import json,sys; e=json.load(sys.stdin)["estimate"]; print(e["params_trainable"], e["params_total"])'
"$VRAMPLAN" check tests/data/check/mt5-cls-lora-head.yaml 2>&1 | grep "classification_head of mt5 stays frozen" | wc -l
