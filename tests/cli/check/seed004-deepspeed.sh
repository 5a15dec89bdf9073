# A DeepSpeed JSON with its GPUs in the vramplan block: a matrix.
"$VRAMPLAN" check examples/configs/seed004-deepspeed-zero2.json
