VRAMPLAN_CATALOG=tests/data/cli/no-such.yaml: "$VRAMPLAN" --model eenzeenee --gpu lab 2>&1 | head -1
VRAMPLAN_CATALOG=:tests/data/cli/lab-gpu.yaml "$VRAMPLAN" --model eenzeenee --gpu lab | grep -E "^# vramplan"
