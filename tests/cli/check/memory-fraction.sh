# --memory-fraction: the job caps its allocator (set_per_process_memory_fraction),
# which no trainer key can say; the same config fits under 0.8 x 24 GiB and not
# under a cap of half the card.
"$VRAMPLAN" check -q --gpu rtx3090 examples/configs/seed000-stage4.yaml
echo "exit $?"
"$VRAMPLAN" check -q --gpu rtx3090 --memory-fraction 0.5 examples/configs/seed000-stage4.yaml
echo "exit $?"
