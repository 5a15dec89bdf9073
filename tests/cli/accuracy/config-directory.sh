# A case's config may be the model directory holding config.json, as
# vramplan's --model takes it: the three rows (file, directory, directory/)
# estimate alike. Until 2026-12-01 the directory was unsupported.
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/config-directory.yaml
