# TrainingArguments optim adamw_torch_8bit is torchao's AdamW8bit (schema-style
# name adamw-8bit-ao), not bitsandbytes' adamw_bnb_8bit (adamw-8bit), which it
# was counted as until 2026-11-30: Llama 3.2 1B, full, bf16 weights. Their
# quantized states are the same size (2 + 8/256 bytes a parameter), but the
# 33 norm vectors (2048 elements, under 4096) keep torchao's states in bf16,
# 4 bytes a parameter, and bitsandbytes' in fp32, 8 bytes: 270,336 bytes
# more in the bitsandbytes row; and torchao's compiled step dequantizes the
# largest parameter's two states to fp32 (the tied embedding, 128256 x 2048
# x 8 bytes = 2,101,346,304), where bitsandbytes' kernel updates in place:
# 2,101,075,968 bytes apart in the optimizer phase.
for o in adamw_torch_8bit adamw-8bit-ao adamw_bnb_8bit; do
	printf '%s ' "$o"
	"$VRAMPLAN" estimate --model llama-3.2-1b --gpu a100-80gb --precision bf16 --batch 2 --seq-len 1024 \
		--optimizer "$o" --format json | grep -E '"(optimizer|optimizer_bytes|optimizer_allocated_bytes)"' |
		tr -d ' \t,' | paste -sd' '
done
