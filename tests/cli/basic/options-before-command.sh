# options may come before the command
"$VRAMPLAN" --catalog tests/data/cli/lab-gpu.yaml list gpus | tail -1
