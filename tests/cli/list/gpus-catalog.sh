"$VRAMPLAN" list gpus --catalog tests/data/cli/lab-gpu.yaml | tail -1
