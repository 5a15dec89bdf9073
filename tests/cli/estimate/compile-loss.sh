# --compile plans HF Trainer's torch_compile, one graph for the whole model
# and its loss (docs/memory-model.md "torch.compile"): the loss keeps the
# bf16 logits and one fp32 gradient, T x V x (2 + 4) bytes and a logsumexp
# per token, where eager keeps 12 x T x V. Llama 3.2 3B, batch 2 x 1024.
logits() {
	"$VRAMPLAN" estimate --model llama-3.2-3b --gpu h100-80gb --method lora --lora-targets all-linear \
		--batch 2 --seq-len 1024 --precision bf16 --format json "$@" |
		sed -n 's/.*"logits_bytes":[[:space:]]*\([0-9]*\).*/\1/p'
}
T=2048
V=128256
eager=$(logits)
compiled=$(logits --compile)
[ "$eager" -eq $((12 * T * V)) ] && echo "eager: 12 x T x V"
[ "$compiled" -eq $((6 * T * V + 4 * T)) ] && echo "compiled: 6 x T x V + 4 x T"
