# Lightning's Trainer and a DeepSpeed config have no Liger key: a plan
# that counts Liger's kernels says the script applies them (the hf, trl,
# llamafactory and axolotl profiles print their key instead). Until
# 2026-11-30 nothing said so.
for p in lightning "deepspeed --zero 2"; do
	# shellcheck disable=SC2086
	"$VRAMPLAN" plan --model llama-3.2-1b --gpu rtx4090 --method lora --liger --profile $p 2>/dev/null | grep 'note:.*Liger'
done
