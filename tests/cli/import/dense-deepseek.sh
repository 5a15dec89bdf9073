# A DeepSeek config whose first_k_dense_replace covers every layer is a dense
# MLA decoder (hfconfig.c: no router or experts). Its import writes
# num_experts: 0, which the family's defaults (64 experts for deepseek_v2)
# would otherwise fill in: until 2026-12-01 the entry read back as
# 117,452,103,168 parameters where the config estimates 2,606,624,256.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
python3 -c 'import json, sys
c = json.load(open(sys.argv[1]))
c["first_k_dense_replace"] = c["num_hidden_layers"]
json.dump(c, open(sys.argv[2], "w"))' tests/data/configs/deepseek-v2-lite-chat.json "$d/dense.json"
"$VRAMPLAN" import -q "$d/dense.json" >"$d/dense.yaml" || exit 1
grep -E '^  (num_experts|dense_layers):' "$d/dense.yaml"
"$VRAMPLAN" estimate --model "$d/dense.json" --gpu h100 --batch 1 --seq-len 64 2>/dev/null | grep '^# parameters'
"$VRAMPLAN" estimate --catalog "$d/dense.yaml" --model dense --gpu h100 --batch 1 --seq-len 64 2>/dev/null | grep '^# parameters'
