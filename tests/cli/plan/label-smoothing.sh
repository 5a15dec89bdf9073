# --label-smoothing: the HF Trainer's LabelSmoother computes the loss from
# the logits the model returns. Seed 003's Llama 3.2 3B QLoRA in fp32 (fp16
# and bf16 off) at 512 tokens: at a batch above 1 it holds the logits,
# their shifted .contiguous() copy, the log-probabilities and their
# negation, 16 bytes a logit where the standard loss holds 12, so the
# training logits grow by exactly 4 x batch x 512 x 128,256 bytes and the
# plan's train batch drops; the plan prints the key.
set -e
est() {
	"$VRAMPLAN" estimate --model llama-3.2-3b --gpu rtx4090 --method qlora --lora-r 16 \
		--lora-targets all-linear --grad-ckpt --precision fp32 --seq-len 512 --batch 8 \
		--format json "$@" | tr -d "\t" | sed -n "s/.*\"logits_bytes\":\([0-9]*\).*/\1/p" | head -1
}
with=$(est --label-smoothing 0.1)
without=$(est)
echo "logits grow by 4 x T x V: $(( with - without == 4 * 8 * 512 * 128256 ))"
plan() {
	"$VRAMPLAN" plan --model llama-3.2-3b --gpu rtx4090 --method qlora --lora-r 16 \
		--lora-targets all-linear --grad-ckpt --precision fp32 --seq-len 512 "$@" 2>/dev/null
}
b_with=$(plan --label-smoothing 0.1 | sed -n 's/^per_device_train_batch_size: //p')
b_without=$(plan | sed -n 's/^per_device_train_batch_size: //p')
echo "smaller train batch: $(( b_with < b_without ))"
plan --label-smoothing 0.1 | grep -E "^# setup|label_smoothing_factor"
# --explain names the loss under the logits row, JSON gives the factor
"$VRAMPLAN" plan --model llama-3.2-3b --gpu rtx4090 --method qlora --grad-ckpt --precision fp32 \
	--label-smoothing 0.1 --explain 2>&1 >/dev/null | grep -m1 "LabelSmoother"
"$VRAMPLAN" plan --model llama-3.2-3b --gpu rtx4090 --method qlora --grad-ckpt --precision fp32 \
	--label-smoothing 0.1 --format json | grep '"label_smoothing"'
# litgpt's and torchtune's chunked loss keeps no whole logits for it
"$VRAMPLAN" estimate --model llama-3.2-3b --gpu rtx4090 --batch 1 --loss chunked --label-smoothing 0.1 || echo "exit $?"
