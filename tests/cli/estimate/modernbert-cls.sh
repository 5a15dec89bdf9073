# ModernBERT-base read from its config.json: a sequence classifier at 512
# tokens, full fine-tune under bf16 autocast with SDPA (two of three layers
# keep a sliding-window mask), then LoRA, where PEFT has no default target
# for model_type modernbert and the fused Wqkv is assumed
"$VRAMPLAN" estimate --model tests/data/configs/modernbert-base.json --gpu rtx4090 --batch 32 --seq-len 512
"$VRAMPLAN" estimate --model tests/data/configs/modernbert-base.json --gpu rtx4090 --batch 32 --seq-len 512 \
	--method lora --format json
