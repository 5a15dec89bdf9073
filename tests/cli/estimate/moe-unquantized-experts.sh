# transformers 5 holds the experts of Mixtral, Qwen2-MoE, Qwen3-MoE and OLMoE
# as fused 3-D nn.Parameters (MixtralExperts.gate_up_proj, down_proj), which
# bitsandbytes' replace_with_bnb_linear leaves unquantized (it replaces
# nn.Linear only; bitsandbytes-foundation/bitsandbytes#1849). The estimate
# counts them quantized, as transformers 4's per-expert nn.Linear are, and
# says what transformers 5 holds instead: fp32 under amp-* (PEFT's
# prepare_model_for_kbit_training casts every 16-bit parameter) and under
# axolotl (which casts back only *norm*, embed_tokens and lm_head), 16-bit
# with a 16-bit base. Until 2026-12-01 nothing was said: Mixtral-8x7B's QLoRA
# "fit" an 80 GB GPU that its 168 GiB of fp32 experts do not.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
# nothing to say over an unquantized base
"$VRAMPLAN" estimate --model mixtral-8x7b --gpu h100 --method lora --batch 1 --seq-len 512 2>&1 >/dev/null |
	grep -c "fused 3-D"
# Mixtral-8x7B, amp-bf16: 45.1B expert parameters, fp32 against nf4
"$VRAMPLAN" estimate --model mixtral-8x7b --gpu h100 --method qlora --batch 1 --seq-len 512 2>&1 >/dev/null
# Qwen3-30B-A3B over a bf16 base: 16-bit against nf4-dq
"$VRAMPLAN" estimate --model qwen3-30b-a3b --gpu h100 --method qlora --quant nf4-dq --precision bf16 \
	--batch 1 --seq-len 512 2>&1 >/dev/null
# OLMoE in int8 under axolotl: fp32 against int8 and its row scales
"$VRAMPLAN" --model olmoe-1b-7b --gpu h100 --method lora --quant int8 --precision bf16 \
	--lora-targets q_proj,v_proj --profile axolotl 2>&1 >"$d/c.yaml"
# check warns the same at the quantization's key
"$VRAMPLAN" check "$d/c.yaml" --gpu h100 --model olmoe-1b-7b 2>&1 >/dev/null | grep -o "key 'load_in_8bit': .*"
# ZeRO-3 and FSDP shard the experts with the weights: a GPU's share said
# beside the whole model's (until 2026-12-01 the 144 GiB alone, read as one
# GPU's); check reads ZeRO-3 from the DeepSpeed file, after which it warns
"$VRAMPLAN" estimate --model mixtral-8x7b --gpu h100 --method qlora --batch 1 --seq-len 512 --fsdp --gpus 8 \
	2>&1 >/dev/null | grep -o "(144.*"
printf '{"zero_optimization": {"stage": 3}}\n' >"$d/ds.json"
printf 'model_name_or_path: Qwen/Qwen3-30B-A3B\nper_device_train_batch_size: 1\nbf16: true\nload_in_4bit: true\ndeepspeed: %s\nvramplan:\n  seq_len: 512\n  method: qlora\n' "$d/ds.json" >"$d/z3.yaml"
"$VRAMPLAN" check "$d/z3.yaml" --gpu h100 --gpus 4 2>&1 >/dev/null | grep -o "GiB more.*"
