# A case may state the dtype its LoRA weights were kept in (lora_dtype, an
# extension of the shared schema): fp32 as PEFT >= 0.12 keeps them over a
# 16-bit base, or the base's 16-bit dtype as torchtune and litgpt do.
# Unstated, fp32 is assumed and the case report says how far 16-bit weights
# would move the estimate (docs/memory-model.md "Weights").
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/lora-dtype.yaml |
	awk '/^LORA-DTYPE/ { note = $0; sub(/^.*peak in/, "peak in", note); print $1, $4, $5, note }'
