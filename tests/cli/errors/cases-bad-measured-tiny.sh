# a measured peak under 1 MiB (0.001 GiB) is refused at its position: no
# training step is that small, and the error percentage it would make ran
# to hundreds of digits (found by the arithmetic review of 2026-11-30)
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/bad-measured-tiny.yaml
