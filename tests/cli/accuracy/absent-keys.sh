# id (left out or null), config or measured_gib left out is read as null (README.md's Accuracy
# section: "a case without ... a config ... is counted unsupported"): the
# row named by its line, unsupported, or not scored. Until 2026-12-01 each
# stopped the whole file.
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/absent-keys.yaml
