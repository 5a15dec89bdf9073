# vramplan plan's printed keys, read back by vramplan check on the same GPU,
# are the same run: the same train batch and peak, the same eval batch and
# peak, and FITS. Each line gives the plan's numbers beside check's; they
# must agree. What a profile's keys cannot say, check is told as the plan's
# notes say (hf: the script's max_length, LoRA and torch_dtype; axolotl and
# LLaMA-Factory: an encoder-decoder's target length; a GPTQ base). Found by a round-trip
# audit on 2026-11-30: LLaMA-Factory's bf16: true (and axolotl's, in check)
# runs the Trainer's autocast, which one side left unstated (phi-1.5, GPT-J,
# OPT read back off the plan, by up to 5 GiB); an encoder-decoder's
# target length and a GPTQ base had no note; axolotl's workers were
# planned persistent.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
rt() {
	gpu=$1 model=$2 hint=$3
	shift 3
	"$VRAMPLAN" --model "$model" --gpu "$gpu" "$@" >"$d/c.yaml" 2>/dev/null || {
		echo "$model $*: plan failed"
		return
	}
	# hf: the dtype the note asks the script to load in, as a key
	t=$(sed -n 's/^# note: .* weights without autocast: load the model with torch_dtype=torch\.\([a-z0-9]*\).*/\1/p' "$d/c.yaml")
	if [ -n "$t" ]; then echo "torch_dtype: $t" >>"$d/c.yaml"; fi
	# axolotl and LLaMA-Factory evaluate only an evaluation split (a plan
	# --no-eval prints the keys that say none)
	case " $* " in
	*" --no-eval "*) ;;
	*" --profile axolotl "*) echo "val_set_size: 0.05" >>"$d/c.yaml" ;;
	*" --profile llamafactory "*) printf 'val_size: 0.05\neval_strategy: steps\n' >>"$d/c.yaml" ;;
	esac
	plan=$(sed -n 's/^# \(train\|eval\) batch \([0-9]*\): device peak \([0-9.]*\) GiB.*/\1 \2 \3/p' "$d/c.yaml" | tr '\n' ' ')
	# shellcheck disable=SC2086
	check=$("$VRAMPLAN" check "$d/c.yaml" --gpu "$gpu" --model "$model" $hint 2>/dev/null |
		sed 's/^[^:]*: \([A-Z ]*\): /\1 /; s/ peak / /g; s/ GiB[^;]*//g; s/; / /g; s/batch //g')
	echo "$model $*: plan ${plan}| check $check"
}
rt rtx4090 llama-3.2-1b "--seq-len 512 --method lora" --method lora --grad-ckpt
rt rtx4090 qwen3-4b "" --method qlora --grad-ckpt --seq-len 1024 --profile trl
rt a100-80gb llama-3.1-8b "--seq-len 512 --method lora --lora-r 16 --lora-targets all-linear" \
	--method lora --lora-r 16 --lora-targets all-linear --precision bf16
for p in axolotl llamafactory; do
	rt l4 phi-1.5 "" --method lora --lora-dropout 0 --profile $p
	rt a100-80gb gpt-j-6b "" --method lora --dora --grad-ckpt --profile $p
	rt rtx4090 opt-1.3b "" --method lora --profile $p
done
rt a100-40gb flan-t5-large "--target-len 64" --method lora --target-len 64 --profile llamafactory
grep "^# note: a LLaMA-Factory" "$d/c.yaml"
# a GPTQ base is the checkpoint's quantization_config, which no trl or
# LLaMA-Factory key says: check is told, as the note says
for p in trl llamafactory; do
	rt rtx4090 llama-3.2-3b "--quant gptq-int4" --method qlora --quant gptq-int4 --profile $p
done
grep "^# note: no key says a GPTQ base" "$d/c.yaml" | cut -c1-60
# activation offload, which TrainingArguments and LLaMA-Factory cannot say:
# the vramplan block's activation_offload, as the note says
rt rtx4090 llama-3.2-1b "--seq-len 512 --method lora --set activation_offload=true" --method lora --activation-offload
rt rtx4090 llama-3.2-1b "--set activation_offload=true" --method lora --activation-offload --profile llamafactory
# host RAM: axolotl's workers are forked each epoch, as check reads them
"$VRAMPLAN" --model llama-3.2-1b --gpu rtx4090 --host-ram 30GiB --cpus 16 --dataset-ram 4GiB --profile axolotl \
	>"$d/c.yaml" 2>/dev/null
grep "^# host RAM:" "$d/c.yaml" | cut -c1-40
"$VRAMPLAN" check "$d/c.yaml" --gpu rtx4090 --model llama-3.2-1b --host-ram 30GiB --cpus 16 --dataset-ram 4GiB \
	2>/dev/null | grep -o "host RAM [0-9.]* GiB"
# --no-eval: a run that evaluates nothing, whose evaluation at eval batch 1
# would not fit (the plan exits 1 without the option), read back by check
# as training alone, from the profile's key (eval_strategy: "no",
# val_set_size: 0, val_size: 0) and FITS at the plan's train batch and peak
rt rtx4090 qwen3-8b "--gpus 2 --set expandable_segments=true" --gpus 2 --method lora --zero 2 --seq-len 4096 \
	--profile axolotl --grad-ckpt --liger --attn flash2 --expandable-segments --packed --no-eval
for p in hf trl llamafactory; do
	rt t4 llama-3.1-8b "--seq-len 2048 --method qlora" --method qlora --grad-ckpt --seq-len 2048 --liger --no-eval \
		--profile $p
done
