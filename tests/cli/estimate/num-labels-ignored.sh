# --num-labels with a head that has no classes is ignored, and the warning
# says which head would take it
"$VRAMPLAN" estimate --model llama-3.2-1b --gpu a100-80gb --batch 2 --num-labels 5 --format json >/dev/null
