# mT5 overflows fp16 (plan warns, vp_cli_warn_fp16): the sweep's rows
# planned in fp16 (--precision amp-fp16) say so with plan's advice for their
# GPU (fp32 without bf16, bf16 where it has it), and the JSON rows carry
# fp16_overflow; a model that does not overflow carries false. Without
# --precision a GPU without bf16 plans mT5 in fp32, which the row says
# ("(fp32: fp16 overflows)") and the JSON row's precision.
"$VRAMPLAN" sweep --model mt5 | grep -E "^MODEL|  (t4|v100-16gb|a100-80gb) "
"$VRAMPLAN" sweep --model mt5 --precision amp-fp16 | grep -E "  (t4|a100-80gb) "
"$VRAMPLAN" sweep --model mt5 --format json | tr -d '\t\n' | grep -o '"gpu":"\(t4\|a100-80gb\)"[^}]*"fp16_overflow":[a-z]*' |
	sed 's/"memory_mib.*"fp16_overflow"/"fp16_overflow"/'
"$VRAMPLAN" sweep --model tinyllama --format json | tr -d '\t\n' | grep -o '"gpu":"t4"[^}]*"fp16_overflow":[a-z]*' |
	sed 's/"memory_mib.*"fp16_overflow"/"fp16_overflow"/'
"$VRAMPLAN" sweep --model mt5 --format json | tr -d '\t\n' | grep -o '"gpu":"t4"[^}]*"precision":"[a-z0-9-]*"' |
	sed 's/"memory_mib.*"precision"/"precision"/'
# LLaMA-Factory loads a LoRA base in fp16 on a GPU without bf16 and has no
# fp32 LoRA (infer_optim_dtype; plan warns "train it in fp32 with --method
# full"): the row says that, not "train in fp32", and the JSON row names the
# option; with bf16, the LoRA's and axolotl's bf16 is --precision bf16 (they
# refuse or warn of amp-bf16). Until 2026-12-01 the row said "train in fp32".
"$VRAMPLAN" sweep --model mt5 --gpu t4 --profile llamafactory --method lora | grep "  t4 "
"$VRAMPLAN" sweep --model mt5 --gpu t4 --profile llamafactory --method lora --format json | tr -d '\t\n' |
	grep -o '"fp16_overflow":[a-z]*,"fp16_overflow_fix":"[^"]*"'
"$VRAMPLAN" sweep --model mt5 --gpu a100-80gb --profile axolotl --method lora --precision fp16 --format json |
	tr -d '\t\n' | grep -o '"fp16_overflow_fix":"[^"]*"'
# The JSON row's fix is options that plan when appended to the row's own:
# "--method full" alone kept a --precision fp16 (LLaMA-Factory has no pure
# fp16: refused) or a --quant (refused without LoRA) until 2026-12-01
a="--model mt5 --gpu t4 --profile llamafactory --method lora --quant nf4 --precision fp16"
# shellcheck disable=SC2086
fix=$("$VRAMPLAN" sweep $a --format json | tr -d '\t\n' | sed 's/.*"fp16_overflow_fix":"\([^"]*\)".*/\1/')
echo "$fix"
# shellcheck disable=SC2086
"$VRAMPLAN" plan $a $fix >/dev/null 2>&1
echo "plan with it: exit $?"
