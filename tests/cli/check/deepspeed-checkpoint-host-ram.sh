# Under DeepSpeed ZeRO every checkpoint save of the HF Trainer also writes
# the engine's checkpoint (_save_optimizer_and_scheduler ->
# save_checkpoint), whose TorchCheckpointEngine.save clones every tensor to
# the CPU before torch.save: each process its optimizer partition (fp32
# master and AdamW states, 12 bytes a parameter over the GPUs, offloaded
# or not) and rank 0 first its module (docs/memory-model.md "Host RAM").
# Llama 2 7B in full with ZeRO-2 and the optimizer offloaded on one RTX
# 4090: the offload holds 112.96 GiB, a checkpoint save clones 75.31 GiB
# more (80,860,987,392 bytes), over a 180 GiB host that training fits.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf '{"zero_optimization": {"stage": 2, "offload_optimizer": {"device": "cpu"}}, "optimizer": {"type": "AdamW", "params": {"lr": "auto"}}, "bf16": {"enabled": "auto"}}\n' >"$d/ds.json"
printf 'model_name_or_path: meta-llama/Llama-2-7b-hf\nper_device_train_batch_size: 1\nbf16: true\nmax_seq_length: 512\neval_strategy: "no"\ngradient_checkpointing: true\ndeepspeed: ds.json\n' >"$d/train.yaml"
out=$("$VRAMPLAN" check "$d/train.yaml" --gpu rtx4090 --host-ram 180GiB 2>&1)
rc=$?
printf '%s\n' "$out" | grep -e 'checkpoint save' | sed "s|$d/||g"
echo "exit $rc"
"$VRAMPLAN" check "$d/train.yaml" --gpu rtx4090 --host-ram 180GiB --format json 2>/dev/null |
	python3 -c 'import json, sys
d = json.load(sys.stdin)
d = d[0] if isinstance(d, list) else d
h = d["host"]
print(h["save_bytes"], h["save_in_checkpoint"], h["peak_phase"], h["fits"])'
# save_only_model: true saves the model alone, save_strategy "no" no
# checkpoint while training (the final save_model alone): both fit, with
# what save_model holds under ZeRO-1/2, accelerate's get_state_dict's copy
# of the 16-bit module on every process (12.55 GiB) and rank 0's file from
# it (12.55 GiB)
for extra in 'save_only_model: true' 'save_strategy: "no"'; do
	{ cat "$d/train.yaml"; printf '%s\n' "$extra"; } >"$d/t2.yaml"
	out=$("$VRAMPLAN" check "$d/t2.yaml" --gpu rtx4090 --host-ram 180GiB 2>/dev/null)
	rc=$?
	printf '%s\n' "$out" | sed "s|$d/||g"
	echo "exit $rc"
done
# a plain `no` is YAML's false, which TrainingArguments rejects
{ cat "$d/train.yaml"; printf 'save_strategy: no\n'; } >"$d/t3.yaml"
out=$("$VRAMPLAN" check "$d/t3.yaml" --gpu rtx4090 2>&1)
rc=$?
printf '%s\n' "$out" | sed "s|$d/||g"
echo "exit $rc"
# estimate's JSON carries one rank's partition (fp32 master and AdamW
# states, 12 bytes a parameter over the GPUs): Llama 3.2 1B's
# 1,235,814,400 parameters over 4 GPUs, 3,707,443,200 bytes
"$VRAMPLAN" estimate --model llama-3.2-1b --gpu h100 --gpus 4 --zero 2 --batch 1 --seq-len 512 --format json 2>/dev/null |
	python3 -c 'import json, sys; print(json.load(sys.stdin)["estimate"]["zero_partition_bytes"])'
