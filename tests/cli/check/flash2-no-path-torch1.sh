# flash_attention_2 for a model with no FlashAttention-2 path (BLOOM) under
# --torch-version 1.13: the warning at the key and a check with eager, which
# runs on 1.x, as plan does (tests/cli/plan/flash2-no-path-torch1.sh). Until
# 2026-12-01 check refused it as "flash2 attention needs PyTorch 2.0". A model
# that has the path (Llama) still asks for PyTorch 2.0: an error at the key.
printf 'model_name_or_path: bloom-560m\nper_device_train_batch_size: 1\nattn_implementation: flash_attention_2\n' |
	"$VRAMPLAN" check - --gpu a100-80gb --torch-version 1.13 2>&1 | grep -E "FlashAttention|FITS|PyTorch 2"
printf 'model_name_or_path: llama-3.2-1b\nper_device_train_batch_size: 1\nattn_implementation: flash_attention_2\n' |
	"$VRAMPLAN" check - --gpu a100-80gb --torch-version 1.13
echo "exit $?"
