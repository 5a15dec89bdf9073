# DeepSpeed ZeRO stage 1 with the optimizer offloaded (docs/memory-model.md
# "ZeRO-Offload", stage 1): DeepSpeed's stage-1 optimizer is stage 2's code
# (stage_1_and_2.py, partition_grads false) and offloads the same host
# tensors: the fp32 master, the states and the fp32 gradient of the
# partition, and the 16-bit host copy the step writes through (18 bytes a
# parameter over the GPUs for AdamW in bf16; 20 with accumulation). The GPU
# keeps what stage 1 keeps without offload but the master and states:
# every parameter's whole 16-bit gradient (reduced only at the accumulation
# boundary, and freed there: without accumulation the forward holds none,
# until 2026-11-30 it held them all and was the peak), the reduce bucket,
# and the offload's temp buffer of the largest parameter. Until 2026-11-30 --zero 1 --offload-optimizer cpu was an input
# error and check noted a config's stage-1 offload and counted it on the GPU.
# Llama 3.1 8B, full fine-tune in bf16 on 4 x A100 80GB:
for z in "--zero 1" "--zero 1 --offload-optimizer cpu" "--zero 2 --offload-optimizer cpu"; do
	echo "-- $z"
	"$VRAMPLAN" estimate --model llama-3.1-8b --gpu a100-80gb --gpus 4 $z --precision bf16 --grad-ckpt \
		--seq-len 2048 --batch 1 --format yaml | grep -E "^device_bytes|^offload_host_bytes|^peak_phase"
done
# the explanation: the whole gradients stay, the master and states leave
"$VRAMPLAN" estimate --model llama-3.1-8b --gpu a100-80gb --gpus 4 --zero 1 --offload-optimizer cpu --precision bf16 \
	--grad-ckpt --seq-len 2048 --batch 1 --explain 2>&1 | grep -E "^  (gradients|optimizer) |ZeRO-Offload:" | head -3
# with accumulation, each parameter of the partition's host buffer too
"$VRAMPLAN" estimate --model llama-3.1-8b --gpu a100-80gb --gpus 4 --zero 1 --offload-optimizer cpu --precision bf16 \
	--grad-ckpt --seq-len 2048 --batch 1 --grad-accum 4 --format yaml | grep -E "^offload_host_bytes"
# the plan's configs carry the stage-1 offload section (and, for AdamW,
# DeepSpeed's optimizer section, since DeepSpeed refuses the Trainer's own
# optimizer under offload at any stage: engine.py _configure_optimizer)
for p in hf trl axolotl llamafactory deepspeed; do
	echo "-- $p"
	"$VRAMPLAN" plan --model llama-3.1-8b --gpu a100-80gb --gpus 4 --zero 1 --offload-optimizer cpu --precision bf16 \
		--grad-ckpt --seq-len 2048 --profile $p 2>/dev/null |
		grep -E "^# setup|host RAM:|stage:|offload_optimizer|device: cpu|type: AdamW|zero_force_ds_cpu_optimizer"
done
# Lightning registers no stage-1 offload strategy: refused
"$VRAMPLAN" plan --model llama-3.1-8b --gpu a100-80gb --gpus 4 --zero 1 --offload-optimizer cpu --profile lightning 2>&1
echo "exit $?"
# check: the plan's config read back, and a DeepSpeed config at stage 1
# with offload_optimizer device cpu, counted (the setup line says so, the
# host note gives the bytes, JSON the same bytes as estimate's)
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
"$VRAMPLAN" plan --model llama-3.1-8b --gpu a100-80gb --gpus 4 --zero 1 --offload-optimizer cpu --precision bf16 \
	--grad-ckpt --seq-len 2048 2>/dev/null | grep -v '^#' >"$d/plan.yaml"
"$VRAMPLAN" check --model llama-3.1-8b --gpu a100-80gb --gpus 4 "$d/plan.yaml" 2>&1 |
	grep -E "ZeRO-Offload keeps|optimizer offloaded|ignored key" | sed "s|$d/||"
printf '{"train_micro_batch_size_per_gpu": 1, "gradient_accumulation_steps": 1, "bf16": {"enabled": true},
 "optimizer": {"type": "AdamW", "params": {"lr": 1e-5}},
 "zero_optimization": {"stage": 1, "overlap_comm": true, "contiguous_gradients": true,
   "offload_optimizer": {"device": "cpu", "pin_memory": true}}}\n' >"$d/ds.json"
"$VRAMPLAN" check --model llama-3.1-8b --gpu a100-80gb --gpus 4 --seq-len 2048 "$d/ds.json" 2>&1 |
	grep -E "ZeRO-Offload keeps|optimizer offloaded|ignored key" | sed "s|$d/||"
"$VRAMPLAN" check --model llama-3.1-8b --gpu a100-80gb --gpus 4 --seq-len 2048 --format json "$d/ds.json" 2>/dev/null |
	grep -E '"offload_host_bytes"'
# a stage-1 run that does not fit is offered the offload, as at stage 2
# (until 2026-11-30 only from stage 2: one GPU at stage 1 was offered
# adapters and 8-bit states only)
"$VRAMPLAN" plan --model llama-3.1-8b --gpu a100-80gb --zero 1 --precision bf16 --grad-ckpt --seq-len 2048 2>&1 |
	grep -E "nothing fits|offload-optimizer"
