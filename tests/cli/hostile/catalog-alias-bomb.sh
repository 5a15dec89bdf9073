# The billion-laughs alias bomb as a catalogue.
timeout 60 "$VRAMPLAN" --model mt5 --gpu rtx3090 --catalog tests/data/hostile/alias-bomb.yaml
