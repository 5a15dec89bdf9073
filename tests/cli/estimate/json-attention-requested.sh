# attention is the kernel counted, attention_requested the one asked for,
# also where the planner put another in its place (mT5 has no
# FlashAttention-2 path: eager); until 2026-12-01 both said eager
"$VRAMPLAN" estimate --model mt5 --gpu a100-80gb --attn flash2 --batch 4 --format json 2>/dev/null | grep '"attention'
