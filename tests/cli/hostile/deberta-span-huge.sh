# A DeBERTa config whose position_buckets would make the relative
# embeddings 2 x 10^15 rows: an input error that names the key, exit 2.
d=$(mktemp -d) || exit 1
printf '%s' '{"model_type": "deberta-v2", "hidden_size": 768, "intermediate_size": 3072, "num_hidden_layers": 12, "num_attention_heads": 12, "vocab_size": 128100, "relative_attention": true, "position_buckets": 1e15, "pos_att_type": "p2c|c2p", "share_att_key": true}' >"$d/config.json"
cd "$d" && timeout 60 "$VRAMPLAN" --model config.json --gpu h100
rc=$?
rm -rf "$d"
exit $rc
