# TRL's SFTConfig activation_offloading enters the context manager that
# axolotl's key enters (trl/models/activation_offloading.py): with
# gradient_checkpointing the checkpointed block inputs go to the host, as
# for axolotl. Before, the key was listed as ignored and the run counted
# them on the GPU.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\nper_device_train_batch_size: 8\nmax_length: 2048\nbf16: true\nuse_peft: true\ngradient_checkpointing: true\nactivation_offloading: %s\n' true >on.yaml
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\nper_device_train_batch_size: 8\nmax_length: 2048\nbf16: true\nuse_peft: true\ngradient_checkpointing: true\nactivation_offloading: %s\n' false >off.yaml
for f in on off; do
	"$VRAMPLAN" check $f.yaml --gpu a100-80gb 2>&1 | grep -o "hf config.*\|: FITS: train batch [0-9]* peak [0-9.]* GiB\|ignored key.*activation_offloading.*"
done
