# Ten eval samples' logits (2.90 GiB) that the GPU keeps for one move at
# eval batch 70: 5.90 GiB during evaluation, over --host-ram 5.5GiB. No
# smaller eval batch fits either (each step moved at once splits the set
# into moves, and the last concatenation holds it twice), so the failure
# reports the GPU's evaluation, 5.90 GiB, which 6GiB then holds; until
# 2026-11-30 it reported eval batch 1's 8.80 GiB
"$VRAMPLAN" --model qwen3-0.6b --gpu h100 --eval-samples 10 --host-ram 5.5GiB
"$VRAMPLAN" --model qwen3-0.6b --gpu h100 --eval-samples 10 --host-ram 6GiB 2>/dev/null | grep "during evaluation"
