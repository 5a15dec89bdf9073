# method qlora with quant null: read as nf4 rather than counted unsupported,
# and the case report says so.
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/qlora-quant-null.yaml | awk '/^QLORA/ { $2 = $3 = ""; print }'
