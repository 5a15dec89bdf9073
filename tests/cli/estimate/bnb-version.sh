# bitsandbytes 0.43.2 stopped MatMul4Bit from keeping its input A (PR #1270):
# without checkpointing, the same QLoRA step keeps every quantized linear's
# input on 0.42.0 (the default, the safe side) and none on 0.45.5. int8's
# MatMul8bitLt keeps it in every version.
for q in nf4 int8; do
	for v in 0.42.0 0.45.5; do
		printf '%s %s ' "$q" "$v"
		"$VRAMPLAN" estimate --model llama-3.2-3b --gpu rtx4090 --method qlora --quant "$q" \
			--precision bf16 --batch 4 --seq-len 512 --bnb-version "$v" --format json |
			grep '"allocated_bytes"' | tr -d ' \t,'
	done
done
