# Names near a catalogue name get suggestions, nearest first (the second
# was rtx4060 until the RTX 4060 got its entry on 2026-12-01)
"$VRAMPLAN" --model mt5 --gpu rtx9090
"$VRAMPLAN" --model mt5 --gpu rtx5060
