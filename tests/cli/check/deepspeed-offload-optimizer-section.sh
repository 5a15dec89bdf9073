# ZeRO-Offload without a DeepSpeed "optimizer" section: the HF Trainer then
# builds its own torch optimizer (transformers integrations/deepspeed.py
# deepspeed_optim_sched), and DeepSpeed refuses it at startup
# (deepspeed/runtime/engine.py _configure_optimizer: ZeRORuntimeException
# "You are using ZeRO-Offload with a client provided optimizer ...") while
# zero_force_ds_cpu_optimizer, default true, holds. check warns at the
# offload key (a file's: at the deepspeed key, with the file's line; an
# inline mapping's and a DeepSpeed config's own: at the key), in JSON under
# "warnings"; the verdict and exit status are the memory's (found by a
# review, 2026-11-30). An AdamW section (built as DeepSpeedCPUAdam) or
# zero_force_ds_cpu_optimizer: false is silent, as is stating it true warns.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
for v in none adamw force forcetrue; do
	case $v in
	adamw) extra='"optimizer": {"type": "AdamW", "params": {"lr": "auto", "betas": "auto", "eps": "auto", "weight_decay": "auto"}},' ;;
	force) extra='"zero_force_ds_cpu_optimizer": false,' ;;
	forcetrue) extra='"zero_force_ds_cpu_optimizer": true,' ;;
	*) extra='' ;;
	esac
	cat >"ds-$v.json" <<JSON
{
  $extra
  "bf16": {"enabled": "auto"},
  "zero_optimization": {
    "stage": 2,
    "offload_optimizer": {"device": "cpu", "pin_memory": true}
  },
  "gradient_accumulation_steps": "auto",
  "train_micro_batch_size_per_gpu": "auto"
}
JSON
	printf 'model_name_or_path: Qwen/Qwen2.5-7B\nper_device_train_batch_size: 1\nbf16: true\ngradient_checkpointing: true\nmax_seq_length: 2048\ndeepspeed: ds-%s.json\neval_strategy: "no"\nvramplan:\n  gpus: 4\n' "$v" >"train-$v.yaml"
	echo "== $v"
	"$VRAMPLAN" check --gpu h100 --host-ram 1TiB --cpus 64 "train-$v.yaml" >out.txt 2>&1
	echo "exit $?"
	grep -E "warning|FIT" out.txt
done
# JSON: the same warning in the file's object
"$VRAMPLAN" check --gpu h100 --host-ram 1TiB --cpus 64 --format json train-none.yaml 2>/dev/null | grep -A5 '"warnings"'
# -q: no warning, as for the other notes
"$VRAMPLAN" check -q --gpu h100 --host-ram 1TiB --cpus 64 train-none.yaml 2>&1 | grep -c warning
# an inline mapping, at its own key; then a DeepSpeed config checked alone
printf 'model_name_or_path: Qwen/Qwen2.5-7B\nper_device_train_batch_size: 1\nbf16: true\ngradient_checkpointing: true\nmax_seq_length: 2048\neval_strategy: "no"\ndeepspeed:\n  zero_optimization:\n    stage: 3\n    offload_optimizer:\n      device: cpu\nvramplan:\n  gpus: 4\n' >inline.yaml
"$VRAMPLAN" check --gpu h100 --host-ram 1TiB --cpus 64 inline.yaml 2>&1 | grep -E "warning"
sed 's/"auto"$/1/; s/"auto",$/1,/' ds-none.json >ds-alone.json
"$VRAMPLAN" check --model qwen2.5-7b --gpu h100 --host-ram 1TiB --cpus 64 ds-alone.json 2>&1 | grep -E "warning"
# the plans vramplan prints carry the section or the switch: checked back, no warning
for p in hf deepspeed; do
	"$VRAMPLAN" plan --model qwen2.5-7b --gpu h100 --gpus 4 --zero 2 --precision bf16 --grad-ckpt --seq-len 2048 \
		--offload-optimizer cpu --optimizer sgd --profile $p -o "plan-$p.yaml" 2>/dev/null
	"$VRAMPLAN" check --model qwen2.5-7b --seq-len 2048 --gpu h100 --host-ram 1TiB --cpus 64 "plan-$p.yaml" 2>&1 |
		grep -c "ZeRO-Offload without" || true
done
