# A head the architecture lacks makes its case unsupported, with the reason;
# mT5's encoder alone and a classifier over mT5 need no target length.
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/heads.yaml | awk '/^HEAD-/ { $2 = $3 = ""; print }'
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/heads.yaml | tail -n 1
