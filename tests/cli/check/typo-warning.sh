# A misspelt batch key is ignored (never silently): the default applies
# and a warning names the key it resembles.
"$VRAMPLAN" check --gpu rtx3090 tests/data/check/typo.yaml
