# liger_kernel_config's swiglu and geglu: Trainer passes only the keyword
# arguments that the model's apply_liger_kernel_to_<model> takes
# (transformers integrations/liger.py, _apply_liger_kernel_to_instance):
# Liger's Gemma functions take geglu, the others swiglu. So geglu: false
# leaves a Qwen's SwiGLU kernel on and turns a Gemma 2's GEGLU off, and
# swiglu: false the other way round. Until 2026-11-30 the two keys were one
# flag, whichever came last. Qwen2.5-0.5B and Gemma-2-2B in bf16, 4 x 2048.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
for model in Qwen/Qwen2.5-0.5B google/gemma-2-2b; do
	for kv in 'rms_norm: true' 'swiglu: false' 'geglu: false' \
		"$(printf 'swiglu: false\n  geglu: true')" "$(printf 'geglu: false\n  swiglu: true')"; do
		printf 'model_name_or_path: %s\nper_device_train_batch_size: 4\nmax_length: 2048\nbf16: true\nuse_liger_kernel: true\nliger_kernel_config:\n  %s\n' \
			"$model" "$kv" >b.yml
		echo "-- $model: $(echo "$kv" | tr -s '\n ' ' ')"
		"$VRAMPLAN" check --gpu a100-80gb b.yml 2>/dev/null | grep -o "train batch 4 peak [0-9.]* GiB"
	done
done
