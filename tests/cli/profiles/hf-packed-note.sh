# A packed plan (--packed: samples of exactly --seq-len tokens, SDPA
# unmasked) under a profile with no packing key: a note says the script
# must pack, as the LoRA and attention notes do; a padded run keeps the
# mask the plan leaves out (until 2026-11-29 nothing said so). TRL and
# LLaMA-Factory print packing: true and need no note (TRL with
# packing_strategy: wrapped under SDPA, since its default bfd runs
# padding-free, which only FlashAttention reads as separate sequences:
# tests/cli/profiles/trl-loss-packing.sh).
for p in hf lightning trl llamafactory; do
	echo "$p: $("$VRAMPLAN" --model llama-3.2-1b --gpu a100-40gb --seq-len 1024 --packed --profile $p |
		grep -E "packing" | tr '\n' ' ')"
done
