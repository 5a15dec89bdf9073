# KoGPT (GPT-J's layout) with LoRA on PEFT's default targets for gptj
# (q_proj, v_proj): 6,166,502,400 parameters as the kakaobrain/kogpt README
# gives them, plus the adapters. GPT-J has no SDPA path, so the eager
# attention's fp32 softmax is counted whatever --attn asks for: sdpa and
# eager plan the same batch.
for a in sdpa eager; do
	"$VRAMPLAN" --model kogpt --gpu a100-80gb --method lora --seq-len 1024 --attn $a --format json |
		python3 -c 'import json,sys; d=json.load(sys.stdin); e=d["estimate"]; print(d["setup"]["lora"]["targets"], e["params_total"], e["params_trainable"], d["settings"]["per_device_train_batch_size"], e["attention_scores_bytes"])'
done
