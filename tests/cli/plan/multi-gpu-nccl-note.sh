# A multi-GPU plan says that NCCL's buffers are outside the estimate and how
# much of the card --util leaves for them (docs/memory-model.md "Device
# level"); a one-GPU plan has no such note.
"$VRAMPLAN" --model llama-3.1-8b --gpu a100-80gb --gpus 8 --zero 2 --method lora --util 0.9 -v 2>&1 >/dev/null | grep NCCL
"$VRAMPLAN" --model llama-3.1-8b --gpu a100-80gb --method lora -v 2>&1 >/dev/null | grep -c NCCL || true
