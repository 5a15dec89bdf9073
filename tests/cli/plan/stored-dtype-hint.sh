# Full fine-tuning under bf16 autocast plans fp32 weights. A checkpoint stored
# in bfloat16 (config.json dtype / torch_dtype) is loaded so by transformers
# >= 5 unless from_pretrained gets dtype=torch.float32, and then trains in
# 16 bit: the plan says which batch that would allow (JSON base16_batch) and
# keeps its own settings. Gemma-2 2B is stored in float32: no such line.
"$VRAMPLAN" --model llama-3.2-3b --gpu a100-80gb 2>/dev/null | grep -E "^# (train batch|the checkpoint)|^per_device_train_batch_size"
"$VRAMPLAN" --model llama-3.2-3b --gpu a100-80gb --format json 2>/dev/null | grep -E '"dtype"|"base16_batch"'
"$VRAMPLAN" --model llama-3.2-3b --gpu a100-80gb --precision bf16 2>/dev/null | grep -E "^# (train batch|the checkpoint)|^per_device_train_batch_size"
"$VRAMPLAN" --model gemma-2-2b --gpu a100-80gb --format json 2>/dev/null | grep -E '"dtype"|"base16_batch"'
# When nothing fits, loading such a checkpoint as it is stored is among the
# changes listed
"$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 2>&1 >/dev/null | grep -E "precision|nothing fits"
# On a GPU without bf16 the plan runs fp16 autocast, which casts a
# bfloat16 load at every op and keeps the casts for backward: the stored
# dtype is not what --precision fp16 plans, so the LoRA line names the
# explicit fp16 load instead, and a full fine-tune gets no stored-dtype line
"$VRAMPLAN" --model google/gemma-3-1b-it --gpu t4 --method lora 2>/dev/null | grep -E "frozen base|the checkpoint"
"$VRAMPLAN" --model google/gemma-3-1b-it --gpu t4 --grad-ckpt --seq-len 128 2>&1 | grep -c "checkpoint is stored\|checkpoint's bfloat16"
# The line names only what stays 16-bit with the weights: torch's AdamW
# states (zeros_like(param)) and SGD's momentum buffer (clone(grad)) do;
# bitsandbytes' 32-bit Lion keeps fp32 states (get_state_buffer with
# dtype=torch.float32) and Adafactor fp32 ones, which the 16-bit plan
# counts as fp32 too, so no AdamW states are named there
for o in sgd-momentum lion adafactor; do
	"$VRAMPLAN" --model llama-3.2-1b --gpu rtx-3090 --seq-len 1024 --optimizer $o 2>/dev/null | grep -o "float32; [a-zA-Z,' ]* then stay 16-bit"
done
