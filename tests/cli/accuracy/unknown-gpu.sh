# A case on a GPU the catalogue lacks is still estimated, as for a GPU the
# source did not state (the a100-80gb context), and its note says so: it is
# not counted unsupported. At the allocated level the card does not enter,
# so both rows of the same run agree.
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/unknown-gpu.yaml | awk '/^BERTL/ { $2 = $3 = ""; print }'
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/unknown-gpu.yaml | tail -n 1
