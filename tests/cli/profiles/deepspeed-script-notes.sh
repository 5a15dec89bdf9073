# A DeepSpeed config has no key that checkpoints a transformers model (its
# activation_checkpointing drives deepspeed.checkpointing, which HF models
# do not call) and none for LoRA, and a Lightning Trainer none for LoRA:
# the plan says what the script must do, as the hf profile's note does.
# Until 2026-11-29 the deepspeed keys of a checkpointed plan said nothing,
# and read back without checkpointing they need twice the memory: check
# gives the plan's batch and peak only with checkpointing stated.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 --method lora --grad-ckpt --gpus 2 --zero 2 --profile deepspeed -q \
	>"$d/ds.yaml"
grep '^# note' "$d/ds.yaml"
grep "^# train batch" "$d/ds.yaml" | sed 's/: device peak \([0-9.]* GiB\).*/ \1/; s/# /plan: /'
for ckpt in true false; do
	"$VRAMPLAN" check "$d/ds.yaml" --model llama-3.2-3b --gpu rtx4090 --method lora --set grad_ckpt=$ckpt -q |
		sed "s/.*: \(train batch [0-9]*\) peak \([0-9.]* GiB\).*/check, grad_ckpt $ckpt: \1 \2/"
done
"$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 --method qlora --grad-ckpt --profile lightning -q | grep '^# note'
