# With neither --model nor --gpu, sweep plans every model on every GPU:
# one table row per pair after the header.
models=$("$VRAMPLAN" list models | tail -n +2 | wc -l)
gpus=$("$VRAMPLAN" list gpus | tail -n +2 | wc -l)
rows=$("$VRAMPLAN" sweep | tail -n +2 | wc -l)
[ "$rows" -eq $((models * gpus)) ] && echo "rows = models x gpus"
