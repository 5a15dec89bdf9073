"$VRAMPLAN" --model narrow-llama --gpu rtx3090 --catalog tests/data/cli/embedding-size-on-llama.yaml
