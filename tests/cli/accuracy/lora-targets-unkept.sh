# A LoRA target name longer than vramplan keeps (31 characters), or more
# than 16 of them: the case is unsupported with the reason, the others
# scored; until 2026-12-01 either stopped the whole file.
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/lora-targets-unkept.yaml
