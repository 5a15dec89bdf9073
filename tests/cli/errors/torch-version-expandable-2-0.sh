# expandable_segments is new in PyTorch 2.1.
"$VRAMPLAN" --model mt5 --gpu rtx3090 --torch-version 2.0.1 --expandable-segments
