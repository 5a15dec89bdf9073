# HF Trainer returns loss.detach(), so no step's graph outlives it; a
# Lightning or DeepSpeed job's loop may keep the last step's loss until the
# next forward, and with it the inputs bitsandbytes' int8 layers hold as
# ctx attributes (docs/memory-model.md "The last step's graph").
for p in hf lightning; do
	printf '%s: ' "$p"
	"$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 --method qlora --quant int8 --precision bf16 \
		--seq-len 1024 --profile "$p" 2>&1 | grep '^# train batch'
done
