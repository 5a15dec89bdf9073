# A GPU with memory_mib twice.
timeout 60 "$VRAMPLAN" --model mt5 --gpu rtx3090 --catalog tests/data/hostile/duplicate-key.yaml
