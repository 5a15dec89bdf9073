# The element counts of batch 2^20 x sequence 2^20 overflow.
timeout 60 "$VRAMPLAN" estimate --model mt5 --gpu huge --catalog tests/data/hostile/huge-gpu.yaml --batch 1048576 --seq-len 1048576
