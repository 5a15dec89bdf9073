# A multi-GPU run that does not shard its weights yet is told that ZeRO
# stage 3 would: full fine-tuning of Qwen2.5 14B over 8 H100 with ZeRO-2
# at 4096 tokens does not fit batch 1, ZeRO-3 fits it. Before, the only
# changes offered were 8-bit states, LoRA and QLoRA, which alter the run.
# Since 2026-11-30 ZeRO-2's optimizer offload to the CPU is offered too
# (docs/memory-model.md "ZeRO-Offload"), after ZeRO-3.
"$VRAMPLAN" --model qwen2.5-14b --gpu h100 --gpus 8 --zero 2 --grad-ckpt --seq-len 4096
echo "exit $?"
# and plain data parallelism (no --zero, no --fsdp) alike
"$VRAMPLAN" --model qwen2.5-14b --gpu h100 --gpus 8 --grad-ckpt --seq-len 4096 2>&1 | grep -e '--zero 3'
# one GPU has nothing to shard over: no such line
"$VRAMPLAN" --model qwen2.5-14b --gpu h100 --grad-ckpt --seq-len 4096 2>&1 | grep -c -e '--zero 3' || true
# FSDP shards already: no such line
"$VRAMPLAN" --model qwen2.5-14b --gpu rtx4090 --gpus 8 --fsdp --grad-ckpt --seq-len 4096 2>&1 | grep -c -e '--zero 3' || true
# given back, it plans
"$VRAMPLAN" --model qwen2.5-14b --gpu h100 --gpus 8 --zero 3 --grad-ckpt --seq-len 4096 2>/dev/null | grep -e '^per_device_train_batch_size'
