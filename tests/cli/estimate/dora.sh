# --dora: PEFT's DoRA on Llama 3.2 1B, LoRA r 16 on every linear, batch 4 x
# 1024 (docs/memory-model.md "DoRA"). The magnitude vectors add one
# parameter per output of each adapted linear: 16 layers x (2048 + 512 + 512
# + 2048 + 8192 + 8192 + 2048) = 376832 over plain LoRA's 11272192, so
# params_trainable is 11649024 (hand-counted from config.json's shapes).
# Under amp-bf16 with dropout 0.05 each adapted linear saves base_result
# and lora_result (T x out x 2 each) and F.linear's 16-bit weight cast
# (out x in x 2): 16 x (4096 x 23552 x 4 + 60817408 x 2) = 8120172544
# bytes, dora_saved_bytes. In flight the largest is down_proj's (in 8192,
# out 2048; fp32 adapters over fp32 weights, so no new weight): the eye and
# its bf16 cast 8192^2 x 6, lora_A over it 8192 x 16 x 4, lora_weight
# 2048 x 8192 x 4 = 470286336; per token the base's own result 2048 x 2
# and the dropped fp32 input 8192 x 4, x 4096 = 150994944; then the larger
# of the norm's operands 2048 x 8192 x 8 = 134217728 and the products
# 4096 x 2048 x 12: 755499008, dora_transient_bytes.
"$VRAMPLAN" estimate --model llama-3.2-1b --gpu a100-80gb --method lora --lora-r 16 --lora-targets all-linear \
	--batch 4 --seq-len 1024 --dora | grep -E "^# setup|params_trainable|dora_"
# JSON: the lora object says dora, the estimate carries the terms
"$VRAMPLAN" estimate --model llama-3.2-1b --gpu a100-80gb --method lora --lora-r 16 --lora-targets all-linear \
	--batch 4 --seq-len 1024 --dora --format json | grep -E '"dora'
# without adapters the flag does nothing, and says so
"$VRAMPLAN" estimate --model llama-3.2-1b --gpu a100-80gb --batch 1 --dora 2>&1 >/dev/null | grep -- --dora
