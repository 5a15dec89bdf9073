# Packed samples (no padding) let transformers drop the attention mask, and
# on PyTorch 2.5+ SDPA then takes Llama 3.2's 8 k/v heads as they are
# (enable_gqa) instead of repeat_kv copies for all 24: 2 x T x 2048 x 2
# bytes less in each of 28 layers (1,879,048,192 here). Before 2.5, or
# padded, the copies stay.
for f in "" "--packed" "--packed --torch-version 2.4.1"; do
	"$VRAMPLAN" estimate --model llama-3.2-3b --gpu h100 --batch 4 --seq-len 2048 --method lora $f |
		grep -E "^# setup|^activations_bytes"
done
