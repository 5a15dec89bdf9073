# axolotl over a bitsandbytes base (adapter qlora + load_in_4bit, adapter
# lora + load_in_8bit): PEFT's prepare_model_for_kbit_training casts the
# unquantized parameters to fp32, but for any adapter axolotl then casts the
# modules named *norm* and the embeddings and LM head back to the dtype of
# its bf16/fp16 key (src/axolotl/loaders/model.py
# _configure_embedding_dtypes: should_convert, needs_fa2_dtype True with
# adapter lora or qlora; utils/models.py load_model in older releases). So
# `bf16: true` + `load_in_4bit: true` is the 16-bit run (--precision bf16),
# which the plan counts by default and check reads back. Until 2026-11-30
# check read those keys as amp-bf16 (fp32 norms and embeddings), 2-20%
# above a --precision bf16 plan (llama-3.2-1b on an RTX 4090: 18.34 GiB
# planned at batch 9), and the default plan was amp-bf16 (batch 7).
# --precision amp-bf16 is warned: axolotl's keys cannot say it.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
rt() {
	gpu=$1 model=$2
	shift 2
	"$VRAMPLAN" --model "$model" --gpu "$gpu" --profile axolotl "$@" >"$d/c.yaml" 2>"$d/err" || {
		echo "$model $*: plan failed"
		return
	}
	echo "val_set_size: 0.05" >>"$d/c.yaml"
	plan=$(sed -n 's/^# \(train\|eval\) batch \([0-9]*\): device peak \([0-9.]*\) GiB.*/\1 \2 \3/p' "$d/c.yaml" | tr '\n' ' ')
	setup=$(sed -n 's/^# setup: seq-len [0-9]*, \([^,]*\),.*/\1/p' "$d/c.yaml")
	check=$("$VRAMPLAN" check "$d/c.yaml" --gpu "$gpu" --model "$model" 2>/dev/null |
		sed 's/^[^:]*: \([A-Z ]*\): /\1 /; s/ peak / /g; s/ GiB[^;]*//g; s/; / /g; s/batch //g')
	echo "$model $*: $setup | plan ${plan}| check $check"
}
rt rtx4090 llama-3.2-1b --method qlora
rt rtx4090 llama-3.2-1b --method qlora --precision bf16
rt t4 llama-3.2-1b --method qlora --precision fp16
rt a100-40gb llama-3.1-8b --method lora --quant int8 --grad-ckpt
rt h100 gpt2 --method lora --quant int8 --seq-len 128
# --quant nf4 is planned as nf4, as its warning says; check reads axolotl's
# double-quantized base, a little below
rt a100-40gb mistral-7b --method qlora --quant nf4 --grad-ckpt
# the default's note (-v), amp-bf16's warning, and the warning for a model
# whose position table and norms axolotl's names miss (GPT-2: wpe, ln_*)
"$VRAMPLAN" --model llama-3.2-1b --gpu rtx4090 --method qlora --profile axolotl -v 2>&1 >/dev/null |
	grep -o "^vramplan: note: precision bf16: axolotl casts [a-z, ]*"
"$VRAMPLAN" --model llama-3.2-1b --gpu rtx4090 --method qlora --profile axolotl --precision amp-bf16 2>&1 >/dev/null |
	grep -o "so its keys cannot say amp-bf16"
"$VRAMPLAN" --model gpt2 --gpu h100 --method lora --quant int8 --profile axolotl 2>&1 >/dev/null |
	grep -o "'gpt2' (gpt2) has other unquantized tables or norms"
# which modules stay fp32 is read off each type's module names (trainconfig.c
# vp_axolotl_kbit_fp32_rest): multimodal Gemma 3's SigLIP tables do (its
# text model's do not); MPT's wte is cast back as the tied lm_head's weight
# and its norm_* are *norm*. Until 2026-12-01 the first was silent and the
# second warned.
"$VRAMPLAN" --model gemma-3-4b --gpu h100 --method qlora --profile axolotl 2>&1 >/dev/null |
	grep -o "'gemma-3-4b' (gemma3_text) has other unquantized tables or norms ([^)]*)"
"$VRAMPLAN" --model mpt-7b --gpu h100 --method qlora --profile axolotl 2>&1 >/dev/null |
	grep -c "stay fp32"
# check warns the same at the quantization's key (until 2026-12-01 it read
# GPT-2's keys as the 16-bit run without a word)
"$VRAMPLAN" --model gpt2 --gpu h100 --method lora --quant int8 --profile axolotl >"$d/g.yaml" 2>/dev/null
"$VRAMPLAN" check "$d/g.yaml" --gpu h100 --model gpt2 2>&1 >/dev/null |
	grep -o "key 'load_in_8bit': axolotl casts back .*'gpt2' (gpt2) has other unquantized tables or norms"
"$VRAMPLAN" check "$d/g.yaml" --gpu h100 --model gpt2 --format json 2>/dev/null |
	grep -c "'gpt2' (gpt2) has other unquantized"
