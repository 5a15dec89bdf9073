# A case may state lora_dropout (an extension of the shared schema): at 0 the
# adapters share their input, at 0.05 each keeps a dropped copy and a mask.
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/lora-dropout.yaml | awk '/^PHI-DROPOUT/ { print $1, $5 }'
