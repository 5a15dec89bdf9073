# Keys outside the schema do not stop the run; stderr names each distinct
# one once, at its first line (3 keys, 2 names).
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/unknown-keys.yaml 2>&1 >/dev/null
