# gpt-oss-20b read from its config.json, LoRA in bf16 on every linear (q, k,
# v and o: the experts and the router are parameters, not nn.Linear), with
# checkpointing, as OpenAI's fine-tuning recipe runs it (eager attention:
# gpt-oss has no SDPA path); then the refused quantized base
"$VRAMPLAN" estimate --model tests/data/configs/gpt-oss-20b.json --gpu h100-80gb --method lora \
	--lora-targets all-linear --precision bf16 --batch 4 --seq-len 2048 --grad-ckpt --packed
"$VRAMPLAN" estimate --model gpt-oss-20b --gpu h100-80gb --method qlora --quant nf4 --batch 1 --seq-len 512
