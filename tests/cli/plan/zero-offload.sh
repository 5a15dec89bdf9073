# DeepSpeed ZeRO-Offload (docs/memory-model.md "ZeRO-Offload"): Llama 3.1 70B,
# full fine-tune in bf16 on 8 x H100 under ZeRO-3. Without offload nothing
# fits (12 bytes a parameter of master and Adam states over 8 GPUs is 98.5
# GiB alone); with the optimizer and the parameters offloaded to the CPU the
# GPU keeps the gathered working set and the bucket, and the host holds 20
# bytes a parameter over the node (master 4, Adam 8, fp32 gradient 4, bf16
# gradient partition 2, bf16 parameters 2: 164.27 GiB a process, 8
# processes), which the host line and --host-ram see. The profile writes the offload sections.
# Each checkpoint save clones every process's optimizer partition (12 bytes
# a parameter over the node, the offloaded ones too) to the CPU
# (DeepSpeed's TorchCheckpointEngine.save): 2 TiB fit training but not that
# save, 3 TiB fit both.
"$VRAMPLAN" plan --model llama-3.1-70b --gpu h100 --gpus 8 --zero 3 --precision bf16 --grad-ckpt --seq-len 4096 \
	--host-ram 3TiB --cpus 192 2>&1 | head -1
"$VRAMPLAN" plan --model llama-3.1-70b --gpu h100 --gpus 8 --zero 3 --precision bf16 --grad-ckpt --seq-len 4096 \
	--host-ram 3TiB --cpus 192 --offload-optimizer cpu --offload-param cpu 2>/dev/null |
	grep -E "^# setup|^# train batch|host RAM:|host RAM at each save|offload|device:|pin_memory|stage"
"$VRAMPLAN" plan --model llama-3.1-70b --gpu h100 --gpus 8 --zero 3 --precision bf16 --grad-ckpt --seq-len 4096 \
	--host-ram 2TiB --cpus 192 --offload-optimizer cpu --offload-param cpu >/dev/null
echo "exit $?"
# a host too small for the offloaded partitions: the host verdict says so
"$VRAMPLAN" plan --model llama-3.1-70b --gpu h100 --gpus 8 --zero 3 --precision bf16 --grad-ckpt --seq-len 4096 \
	--host-ram 512GiB --cpus 192 --offload-optimizer cpu --offload-param cpu 2>&1 | grep -i "host" | head -3
# JSON: the host's offload bytes
"$VRAMPLAN" plan --model llama-3.1-70b --gpu h100 --gpus 8 --zero 3 --precision bf16 --grad-ckpt --seq-len 4096 \
	--host-ram 3TiB --cpus 192 --offload-optimizer cpu --format json | grep -E '"offload_bytes"|"train_total_bytes"|"save_bytes"|"save_in_checkpoint"'
# bad input: offload without ZeRO, parameter offload at stage 2, NVMe, a typo
"$VRAMPLAN" plan --model llama-3.2-1b --gpu h100 --offload-optimizer cpu; echo "exit $?"
"$VRAMPLAN" plan --model llama-3.2-1b --gpu h100 --gpus 2 --zero 2 --offload-param cpu; echo "exit $?"
"$VRAMPLAN" plan --model llama-3.2-1b --gpu h100 --gpus 2 --zero 3 --offload-param nvme; echo "exit $?"
"$VRAMPLAN" plan --model llama-3.2-1b --gpu h100 --gpus 2 --zero 3 --offload-optimizer gpu; echo "exit $?"
# the deepspeed profile's config carries the offload sections (Qwen2.5 7B,
# ZeRO-2: its 16-bit weights stay whole on each GPU)
"$VRAMPLAN" plan --model qwen2.5-7b --gpu h100 --gpus 8 --zero 2 --precision bf16 --grad-ckpt --seq-len 4096 \
	--offload-optimizer cpu --profile deepspeed 2>/dev/null | grep -A8 "zero_optimization"
# offered when nothing fits a full fine-tune under ZeRO 2 or 3
"$VRAMPLAN" plan --model llama-3.1-70b --gpu h100 --gpus 8 --zero 3 --precision bf16 --grad-ckpt --seq-len 4096 2>&1 |
	grep -e "--offload"
# Lightning's registered strategies (DeepSpeedStrategy.register_strategies);
# its stage-3 name offloads both, so one alone has no name and is refused
"$VRAMPLAN" --model llama-3.2-1b --gpu a100-40gb --gpus 4 --zero 2 --offload-optimizer cpu --profile lightning 2>/dev/null |
	grep strategy
"$VRAMPLAN" --model llama-3.2-1b --gpu a100-40gb --gpus 4 --zero 3 --offload-optimizer cpu --offload-param cpu \
	--profile lightning 2>/dev/null | grep strategy
"$VRAMPLAN" --model llama-3.2-1b --gpu a100-40gb --gpus 4 --zero 3 --offload-optimizer cpu --profile lightning
echo "exit $?"
# sweep takes the options too
"$VRAMPLAN" sweep --model qwen2.5-7b --gpu h100 --gpus 8 --zero 3 --precision bf16 --offload-optimizer cpu \
	--offload-param cpu 2>/dev/null
# estimate's YAML: one process's offloaded bytes; --explain says what moved
"$VRAMPLAN" estimate --model llama-3.1-70b --gpu h100 --gpus 8 --zero 3 --precision bf16 --grad-ckpt --seq-len 4096 \
	--batch 1 --offload-optimizer cpu --offload-param cpu --explain 2>&1 | grep -E "offload_host_bytes|ZeRO-Offload:|^device_bytes"
# An offloaded optimizer's gradients and states are host tensors, with no
# GPU allocation to round: the GPU peak is the same whatever the optimizer
# (until 2026-11-30 their allocator rounding stayed counted on the GPU,
# 256 MiB more for AdamW than for SGD here; found by a review)
for o in sgd adamw adamw-8bit; do
	"$VRAMPLAN" estimate --model llama-3.1-8b --gpu h100 --gpus 4 --zero 3 --precision bf16 --grad-ckpt \
		--seq-len 2048 --batch 1 --offload-optimizer cpu --optimizer $o --format yaml | grep '^device_bytes'
done
