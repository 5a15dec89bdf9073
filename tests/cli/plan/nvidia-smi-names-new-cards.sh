# Cards found by the name nvidia-smi prints (models/gpus.yaml, public logs):
# the Tesla P40 (Pascal, compute capability 6.1) has neither bf16 nor
# FlashAttention-2 (flash-attn README: Ampere or newer), so fp16 autocast
# and SDPA; the RTX 4070 Ti SUPER (Ada) has both. nvidia-smi prints the same
# name for the 8 GB and the 16 GB RTX 4060 Ti: the name finds the 8 GB
# entry (8188 MiB, the smaller, safe side), with a warning that names the
# other (since 2026-11-30), the catalogue name the 16 GB one.
for g in "Tesla P40" "NVIDIA GeForce RTX 4070 Ti SUPER" "NVIDIA GeForce RTX 4060 Ti" rtx4060ti-16gb; do
	"$VRAMPLAN" --model llama-3.2-1b --method qlora --attn flash2 --gpu "$g" | head -2
done
