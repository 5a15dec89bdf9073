# --attn flash2 for a model with no FlashAttention-2 path (BLOOM) on PyTorch
# 1.x: the warning and the eager plan, as on PyTorch 2 (eager runs on 1.x).
# Until 2026-12-01 it was refused as "flash2 attention needs PyTorch 2.0".
"$VRAMPLAN" --model bloom-560m --gpu a100-80gb --attn flash2 --torch-version 1 | grep "^# setup"
