# OPUS-MT ko-en (MarianMTModel) fully fine-tuned: num_parameters() counts
# the two frozen 512 x 512 sinusoidal position tables, which get no
# gradient and no AdamW state (fp32 states under AMP: 8 bytes per trained
# parameter). LoRA warns that PEFT has no default targets for marian.
"$VRAMPLAN" --model opus-mt-ko-en --gpu t4 --seq-len 256 --target-len 256 --optimizer adamw-fused --format json |
	python3 -c 'import json,sys; d=json.load(sys.stdin); e=d["estimate"]; print(e["params_total"], e["params_trainable"], e["optimizer_bytes"] == 8 * e["params_trainable"], d["settings"]["per_device_train_batch_size"])'
"$VRAMPLAN" --model opus-mt-ko-en --gpu t4 --method lora --seq-len 256 --format json 2>&1 >/dev/null
