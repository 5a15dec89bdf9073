# --explain's bars on a 1 MiB GPU: a total of 35751003.81 GiB is 2^35 times
# its memory, and its bar (BAR_WIDTH x that fraction) was converted to int
# past INT_MAX, wrapping to an empty bar beside "over the GPU's memory".
# Every bar over the GPU's memory is full.
timeout 60 "$VRAMPLAN" estimate --model tests/data/hostile/hidden-2-24.json --gpu tiny \
	--catalog tests/data/hostile/tiny-gpu.yaml --batch 1 --explain 2>&1 >/dev/null |
	grep -E '^  (allocator|total) '
