"$VRAMPLAN_ACCURACY" --cases tests/data/cases/bad-compile-scope.yaml
