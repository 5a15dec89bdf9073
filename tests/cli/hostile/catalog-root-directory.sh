# The root directory as a catalogue.
timeout 60 "$VRAMPLAN" --model mt5 --gpu rtx3090 --catalog /
