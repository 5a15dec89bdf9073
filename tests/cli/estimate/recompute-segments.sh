# With checkpointing the caching allocator keeps about seven segments of the
# largest tensor a recomputed block creates (docs/memory-model.md
# "Allocator"). Mistral 7B, batch 4 x 2048 tokens: with LoRA on every linear
# that tensor is PEFT's fp32 cast of down_proj's input (8192 x 14336 x 4
# bytes); with LoRA on q_proj and v_proj only, the MLP's bf16 tensors (half
# of it). Measured: MS-MISTRAL7B-lora-gc and -qv in bench/measured.
overhead() {
	"$VRAMPLAN" estimate --model mistral-7b --gpu h100-80gb --method lora --batch 4 --seq-len 2048 \
		--precision bf16 --grad-ckpt --format json "$@" |
		sed -n 's/.*"allocator_bytes":[[:space:]]*\([0-9]*\).*/\1/p'
}
all=$(overhead --lora-targets all-linear)
qv=$(overhead --lora-targets q_proj,v_proj)
seg=$((8192 * 14336 * 4))
# everything else alike (the loss, the rounding), the difference is seven
# times the difference of the two tensors
if [ $((all - qv)) -eq $((7 * (seg - seg / 2))) ] && [ "$qv" -ge $((7 * seg / 2)) ]; then
	echo "seven segments of the largest recomputed tensor: fp32 with down_proj adapted, bf16 without"
else
	echo "allocator overhead $all (all-linear) and $qv (q_proj,v_proj) bytes: expected a difference of $((7 * (seg - seg / 2)))"
fi
