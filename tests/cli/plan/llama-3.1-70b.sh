# Llama 3.1 70B, the model 8-GPU full fine-tunes name (FSDP, ZeRO-3), by its
# Hugging Face ids: until 2026-11-30 every one was an unknown model. Its
# own entry, not Llama 3's: 131072 positions with llama3 RoPE scaling, so a
# 16k sequence gets no past-the-context warning, as Llama 3 70B's does.
for m in meta-llama/Llama-3.1-70B meta-llama/Llama-3.1-70B-Instruct meta-llama/Meta-Llama-3.1-70B llama3.1-70b; do
	"$VRAMPLAN" --model "$m" --gpu h100 --gpus 8 --fsdp --method lora --grad-ckpt --seq-len 4096 --eval-predictions none | sed -n 1p
done
for m in llama-3.1-70b llama-3-70b; do
	"$VRAMPLAN" estimate --model "$m" --gpu h100 --gpus 8 --fsdp --method lora --grad-ckpt --seq-len 16384 --batch 1 2>&1 >/dev/null | cut -c1-90
	echo "$m at 16384: exit $?"
done
