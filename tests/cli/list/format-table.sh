# --format table names list's and sweep's default output: the same bytes as
# without it; plan and estimate, which print YAML or JSON, refuse it, as
# list and sweep refuse yaml (each error names what the command prints).
# Until 2026-11-30 `list --format table` was "unknown format".
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$VRAMPLAN" list gpus >"$d/a" && "$VRAMPLAN" list gpus --format table >"$d/b" && cmp -s "$d/a" "$d/b" && echo "list gpus: same table"
"$VRAMPLAN" sweep -m mt5 -q >"$d/a" && "$VRAMPLAN" sweep -m mt5 -q --format table >"$d/b" && cmp -s "$d/a" "$d/b" && echo "sweep: same table"
"$VRAMPLAN" plan -m mt5 -g rtx3090 --format table
echo "exit $?"
"$VRAMPLAN" sweep -m mt5 --format yaml
echo "exit $?"
