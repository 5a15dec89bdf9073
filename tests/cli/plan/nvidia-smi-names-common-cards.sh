# Cards added 2026-12-01, found by the name nvidia-smi prints
# (models/gpus.yaml, public logs; until then each was an unknown GPU): the
# RTX 3070 (Ampere) has bf16 and FlashAttention-2; one GPU of a Tesla K80
# (Kepler, compute capability 3.7) has neither, so fp16 autocast and SDPA.
# nvidia-smi prints one name for the 6 GB and the 8 GB RTX 3050: the name
# finds the 6 GB entry (6144 MiB, the safe side) and warns of the other,
# as for the RTX 4060 Ti. Its words in another order ("3050 rtx") find the
# 6 GB entry too, and warn likewise (until 2026-12-01 they did not).
for g in "NVIDIA GeForce RTX 3070" "Tesla K80" "NVIDIA GeForce RTX 3050" "3050 rtx"; do
	"$VRAMPLAN" --model qwen2.5-0.5b --method lora --attn flash2 --gpu "$g" | head -2
done
