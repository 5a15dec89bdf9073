# A key (a name or an alias) that two entries share finds one of them only
# (vp_catalog_find_model: names before aliases, then catalogue order), so
# until 2026-11-30 the other entry's alias was lost without a word. Each
# pair is named with the file and line of both entries; the file still
# loads, and a name that replaces a built-in entry (gpt2 below, in the
# second file) is the documented override, not a pair.
"$VRAMPLAN" list models --catalog tests/data/cli/shared-keys.yaml --format json >/dev/null
echo "exit $?"
printf 'models:\n  - name: gpt2\n    hf_id: me/gpt2\n    model_type: gpt2\n    source: mine\n    hidden_size: 768\n    intermediate_size: 3072\n    vocab_size: 50257\n    num_layers: 12\n    num_heads: 12\n    max_positions: 1024\n' >"$TMPDIR/override.yaml"
"$VRAMPLAN" list models --catalog "$TMPDIR/override.yaml" >/dev/null
echo "exit $?"
# -q silences them
"$VRAMPLAN" -q list models --catalog tests/data/cli/shared-keys.yaml >/dev/null
echo "exit $?"
# An entry that gives the shared key twice (an alias listed twice, or its
# own name as an alias) is still one entry of the pair: said once (until
# 2026-11-30 once for each time the entry gave the key).
printf 'models:\n  - name: twice-a\n    aliases: [tw-x, tw-x, twice-a]\n    model_type: gpt2\n    source: mine\n    hidden_size: 768\n    intermediate_size: 3072\n    vocab_size: 50257\n    num_layers: 12\n    num_heads: 12\n    max_positions: 1024\n  - name: twice-b\n    aliases: [tw-x, twice-a]\n    model_type: gpt2\n    source: mine\n    hidden_size: 768\n    intermediate_size: 3072\n    vocab_size: 50257\n    num_layers: 12\n    num_heads: 12\n    max_positions: 1024\n' >"$TMPDIR/twice.yaml"
"$VRAMPLAN" list models --catalog "$TMPDIR/twice.yaml" 2>&1 >/dev/null | sed "s|$TMPDIR/||g"
echo "exit $?"
