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
