# An id repeated by a later case: both are scored (as yaml.safe_load reads
# the list) and stderr names the repeat, where until 2026-12-01 it stopped
# the whole file, no case scored.
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/duplicate-ids.yaml 2>&1 >/dev/null
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/duplicate-ids.yaml 2>/dev/null | cut -c1-80
