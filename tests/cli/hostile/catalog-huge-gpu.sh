# A GPU as large as the catalogue allows: the planner's probes meet the
# estimator's 2^60-byte limit, which must count as "does not fit".
timeout 60 "$VRAMPLAN" --model mt5 --gpu huge --catalog tests/data/hostile/huge-gpu.yaml --seq-len 1048576 --precision fp32 --attn eager --util 1 >/dev/null
echo "exit $?"
