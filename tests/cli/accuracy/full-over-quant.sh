# method full over a quantized base (a quant key, or a config stored
# quantized): unsupported with the reason, as the CLI refuses --quant with
# --method full, and the file's other cases still scored. Until 2026-11-30
# such cases were estimated as full fine-tunes of quantized weights.
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/full-over-quant.yaml
