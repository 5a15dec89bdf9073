# list --format json says the layout an unmodelled model_type is estimated
# as (read_as: llama, catalogue.md) and null for the types vramplan models,
# so a JSON reader can tell an imported Orion entry is read as Llama.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$VRAMPLAN" import -q tests/data/configs/orion-14b-base.json >"$d/orion.yaml" || exit 1
"$VRAMPLAN" list models --catalog "$d/orion.yaml" --format json |
	python3 -c 'import json, sys
for m in json.load(sys.stdin):
    if m["name"] in ("mt5", "llama-3.2-1b") or m["read_as"] is not None:
        print(m["name"], m["model_type"], m["read_as"])'
