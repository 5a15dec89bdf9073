# A run that trains nothing (docs/check.md "trains nothing") counts neither
# EWC's copies on the GPU nor a replay buffer in host RAM: both feed
# training, and host RAM counts the eval DataLoader alone. The notes say
# they are not counted rather than that they are; a training run of the
# same config still counts both.
cfg='model_name_or_path: meta-llama/Llama-3.2-1B
per_device_eval_batch_size: 4
max_seq_length: 512
bf16: true
vramplan:
  ewc: true
  replay_buffer: 1000000
'
echo "-- do_train: false: neither counted, the notes say so"
printf '%sdo_train: false\ndo_eval: true\n' "$cfg" |
	"$VRAMPLAN" check --gpu a100-80gb --host-ram 64GiB --cpus 16 --set eval_predictions=none - 2>&1 |
	grep -E 'continual|FIT'
printf '%sdo_train: false\ndo_eval: true\n' "$cfg" |
	"$VRAMPLAN" check --gpu a100-80gb --host-ram 64GiB --cpus 16 --set eval_predictions=none --format json - 2>/dev/null |
	grep '"replay_bytes"'
echo "-- training: both counted"
printf '%s' "$cfg" |
	"$VRAMPLAN" check --gpu a100-80gb --host-ram 64GiB --cpus 16 --set eval_predictions=none --format json - 2>/dev/null |
	grep '"replay_bytes"'
printf '%s' "$cfg" |
	"$VRAMPLAN" check --gpu a100-80gb --host-ram 64GiB --cpus 16 --set eval_predictions=none - 2>&1 | grep continual
