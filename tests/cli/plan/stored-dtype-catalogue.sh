# The catalogue's dtype, read from each checkpoint's config.json torch_dtype
# (models.yaml cites where), reaches the plan's 16-bit lines. phi-2 is
# stored in float16: on a V100 (fp16 autocast, no bf16) nothing fits a full
# fine-tune, and loading it as stored is among the changes, named float16.
"$VRAMPLAN" --model phi-2 --gpu v100-32gb 2>&1 >/dev/null | grep -E "precision fp16|nothing fits" | sed 's/[0-9.]* GiB/N GiB/g'
# Qwen3-8B is stored in bfloat16: a LoRA run under bf16 autocast gets the
# load "as the checkpoint is stored", not the explicit torch_dtype one
"$VRAMPLAN" --model qwen3-8b --gpu h100 --method lora 2>/dev/null | grep -c "as the checkpoint is stored"
# An instruct id aliased to its base entry (config.json read: same numbers
# and the same torch_dtype, bfloat16) plans with the entry's stored dtype
"$VRAMPLAN" --model qwen/qwen2.5-3b-instruct --gpu a100-80gb --format json 2>/dev/null | grep -E '"hf_id"|"dtype"'
"$VRAMPLAN" --model meta-llama/llama-3.2-3b-instruct --gpu a100-80gb 2>/dev/null | grep -c "the checkpoint is stored in bfloat16"
# gemma-2-2b-it is stored in bfloat16, its base entry in float32: not an
# alias, so it is an unknown model (give its config.json)
"$VRAMPLAN" --model google/gemma-2-2b-it --gpu a100-80gb 2>&1 >/dev/null | head -1
