# An MPT config whose checkpoint transformers' MptForCausalLM cannot load
# (another MLP width, grouped heads, biases, q/k LayerNorms) is refused with
# exit 2, the file and the key named, rather than estimated as something
# it is not; a bad value of a key inside attn_config names the key.
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
src=tests/data/configs/mpt-7b.json
for edit in 's/"expansion_ratio": 4/"expansion_ratio": 8/' \
	's/"no_bias": true/"no_bias": false/' \
	's/"attn_type": "multihead_attention"/"attn_type": "grouped_query_attention"/' \
	's/"qk_ln": false/"qk_ln": true/' \
	's/"clip_qkv": null/"clip_qkv": "6"/' \
	's/"attn_pdrop": 0,/"attn_pdrop": 1.5,/'; do
	sed "$edit" "$src" >"$t/config.json"
	out=$("$VRAMPLAN" estimate --model "$t/config.json" --gpu a100-80gb --batch 1 2>&1)
	echo "exit $?: $(echo "$out" | head -n 1 | sed "s|$t|TMP|")"
done
