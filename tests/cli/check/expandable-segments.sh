# --expandable-segments: the job sets PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True,
# which no trainer key can say; the same config then needs less (seed 000, stage 2).
"$VRAMPLAN" check examples/configs/seed000-stage2.yaml --expandable-segments -q
