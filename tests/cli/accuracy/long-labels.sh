# An id or gpu longer than the reader keeps is cut at a character and the
# case scored (the gpu then one the catalogue lacks, as its note says);
# until 2026-12-01 either stopped the whole file, no case scored.
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/long-labels.yaml
