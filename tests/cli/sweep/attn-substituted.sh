# --attn flash2 over models transformers gives no FlashAttention-2 path
# (mT5, DeBERTa, MPNet: eager) or on a GPU without it (V100): resolve.c's
# warning comes with a row's other warnings, which sweep --gpu prints for
# its first model alone, so each substituted row says the kernel it is
# planned with in its STATUS, and every JSON row carries "attn" (until
# 2026-12-01 only mT5, the first row, was named; the DeBERTa and MPNet
# rows were planned with eager without a word). A model with the kernel
# (TinyLlama) has no marker.
"$VRAMPLAN" sweep --gpu a100-80gb --attn flash2 2>&1 |
	grep -E "^vramplan|^(mt5|deberta-v3-base|all-mpnet-base-v2|tinyllama) "
"$VRAMPLAN" sweep --model gpt-neo-1.3b --attn flash2 --format json 2>/dev/null | tr -d '\t\n' |
	grep -o '"gpu":"\(v100-16gb\|a100-80gb\)"[^}]*"attn":"[a-z0-9]*"' | sed 's/"memory_mib.*"attn"/"attn"/'
