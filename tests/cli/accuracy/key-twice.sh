# A key given twice in a case: the last copy read (yaml.safe_load's dict,
# as `vramplan check` reads a training config) and named in the row's note;
# until 2026-12-01 it stopped the whole file.
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/key-twice.yaml
