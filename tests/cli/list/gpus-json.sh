"$VRAMPLAN" list gpus --format json | python3 -c '
import json, sys
g = json.load(sys.stdin)
print(len(g), "gpus;", ", ".join(x["name"] for x in g[:3]), "...")
print(g[2])
' 
