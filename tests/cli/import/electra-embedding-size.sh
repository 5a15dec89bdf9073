# An ELECTRA config whose embeddings are narrower than its hidden size:
# import writes embedding_size, and the entry it writes, loaded back as a
# catalogue, gives the same parameter count as the config.json itself
# (with the generator's MLM head: dense 256 -> 128, its LayerNorm and the
# tied decoder's bias, 14,056,192 + 68,152).
t=$(mktemp) || exit 1
"$VRAMPLAN" import tests/data/configs/koelectra-small-v3.json >"$t"
grep -E '^  (model_type|hidden_size|embedding_size):' "$t"
name=$(sed -n 's/^- name: //p' "$t")
"$VRAMPLAN" estimate --model tests/data/configs/koelectra-small-v3.json --gpu rtx3090 --batch 8 --seq-len 128 --head masked-lm --format json |
	python3 -c 'import json,sys; print(json.load(sys.stdin)["estimate"]["params_total"])'
"$VRAMPLAN" estimate --catalog "$t" --model "$name" --gpu rtx3090 --batch 8 --seq-len 128 --head masked-lm --format json |
	python3 -c 'import json,sys; print(json.load(sys.stdin)["estimate"]["params_total"])'
rm -f "$t"
