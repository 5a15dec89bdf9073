"$VRAMPLAN" --catalog tests/data/cli/lab-gpu.yaml --model eenzeenee --gpu lab | grep -E "^# (vramplan|setup|budget)"
