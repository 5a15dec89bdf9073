# lora_targets null: PEFT's default target_modules for the model type, as the
# CLI takes them, rather than counted unsupported; the case report says so.
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/lora-targets-null.yaml | awk '/^LORA/ { $2 = $3 = ""; print }'
