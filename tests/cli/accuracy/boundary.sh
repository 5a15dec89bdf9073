# max_context_fit cases pass when the device estimate fits the card; they
# count in boundary_ok, not in the error statistics, and print no error
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/boundary.yaml | awk '/^BOUNDARY/ { print $1, $3, $4, $6, $9, $10, $11 }'
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/boundary.yaml | tail -n 1
