# lora_dropout: 0 in a TRL config is read (the setup says so), and the same
# run at 0.05 keeps more: each of q/k/v/o's adapters a dropped copy of its
# input and a mask.
cfg=tests/data/trainconfig/good/trl-lora-dropout.yaml
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed 's/^lora_dropout: 0.0$/lora_dropout: 0.05/' "$cfg" >"$tmp/default.yaml"
"$VRAMPLAN" check --format json --gpu rtx4090 "$cfg" >"$tmp/zero.json" 2>/dev/null
"$VRAMPLAN" check --format json --gpu rtx4090 "$tmp/default.yaml" >"$tmp/five.json" 2>/dev/null
python3 - "$tmp/zero.json" "$tmp/five.json" <<'PY'
import json, sys
zero, five = (json.load(open(p))[0] for p in sys.argv[1:])
print(zero["setup"])
print(five["setup"])
print("dropout 0.05 keeps more:", five["train"]["peak_bytes"] > zero["train"]["peak_bytes"])
PY
