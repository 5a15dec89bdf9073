# A training config launched by an accelerate FSDP config (distributed_type:
# FSDP) states no fsdp: key; the Trainer shards all the same. check --fsdp
# (vramplan.fsdp, --set fsdp=true) says so, as plan's --fsdp does. Before,
# check had no such option and checked the config unsharded: Qwen2.5 14B on
# 8 H100 at 4096 tokens, 98.28 GiB at batch 1 instead of plan's 54.50.
cfg='model_name_or_path: Qwen/Qwen2.5-14B
per_device_train_batch_size: 1
per_device_eval_batch_size: 1
gradient_accumulation_steps: 8
eval_accumulation_steps: 1
gradient_checkpointing: true
bf16: true
max_seq_length: 4096
'
printf '%s' "$cfg" | "$VRAMPLAN" check - --gpu h100 --gpus 8 --fsdp -q
echo "exit $?"
printf '%s' "$cfg" | "$VRAMPLAN" check - --gpu h100 --gpus 8 --set fsdp=true -q
"$VRAMPLAN" plan --model qwen2.5-14b --gpu h100 --gpus 8 --fsdp --grad-ckpt --seq-len 4096 --optimizer adamw 2>/dev/null | grep '^# train batch'
# the block's fsdp: false wins over the trainer's fsdp: option
printf '%sfsdp: full_shard auto_wrap\nvramplan:\n  gpus: 8\n  fsdp: false\n' "$cfg" | "$VRAMPLAN" check - --gpu h100 -q
echo "exit $?"
# with ZeRO as well: the estimator's error, at the ZeRO setting (fix-combos)
printf '%s' "$cfg" | "$VRAMPLAN" check - --gpu h100 --gpus 8 --fsdp --zero 3 -q
echo "exit $?"
# the accelerate config's error names --fsdp for its FULL_SHARD
"$VRAMPLAN" check tests/data/check/real/trl/accelerate_configs/fsdp_qlora.yaml --gpu h100
echo "exit $?"
# and the old advice for a strategy --fsdp does not model
printf 'compute_environment: LOCAL_MACHINE\ndistributed_type: FSDP\nnum_processes: 4\nfsdp_config:\n  fsdp_sharding_strategy: SHARD_GRAD_OP\n' |
	"$VRAMPLAN" check - --gpu h100
echo "exit $?"
