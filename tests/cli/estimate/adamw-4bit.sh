# torchao's AdamW4bit (TrainingArguments optim adamw_torch_4bit; schema name
# adamw-4bit): Llama 3.2 1B, full, bf16 weights. Every matrix is quantized
# (4096 elements or more in whole blocks of 256): 1.03125 bytes a parameter
# for both states; the 33 norm vectors (2048 elements) keep bf16 states, 4
# bytes a parameter. The step phase holds the tied embedding's two fp32
# states (128256 x 2048 x 8 bytes), which bitsandbytes' kernel does not.
for o in adamw_torch_4bit adamw-4bit adamw-8bit; do
	printf '%s ' "$o"
	"$VRAMPLAN" estimate --model llama-3.2-1b --gpu a100-80gb --precision bf16 --batch 2 --seq-len 1024 \
		--optimizer "$o" --format json | grep -E '"(optimizer_bytes|optimizer_allocated_bytes)"' |
		tr -d ' \t,' | paste -sd' '
done
