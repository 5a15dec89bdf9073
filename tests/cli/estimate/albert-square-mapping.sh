# AlbertTransformer builds embedding_hidden_mapping_in whatever the widths
# (models/albert/modeling_albert.py: nn.Linear(config.embedding_size,
# config.hidden_size), no condition), unlike ELECTRA's embeddings_project.
# An ALBERT config with embedding_size == hidden_size (768) has it. By hand,
# AlbertForMaskedLM: embeddings 30000x768 + 512x768 + 2x768 + LayerNorm 1536
# = 23,436,288; the mapping 768x768 + 768 = 590,592; the one shared layer
# 4 x 590,592 + 1536 + 2x(768x3072) + 3072 + 768 + 1536 = 7,087,872; the MLM
# head's dense, LayerNorm and bias 590,592 + 1536 + 30000 = 622,128: 31,736,880.
# LoRA r 8 on all-linear: the layer's 110,592, the mapping's and the head
# dense's 8 x 1536 each: 135,168, which the total counts too. Until 2026-12-01 the mapping was left out
# (31,146,288 + 122,880 and 122,880), and import printed no embedding_size.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf '%s' '{"model_type": "albert", "architectures": ["AlbertForMaskedLM"], "embedding_size": 768,
 "hidden_size": 768, "intermediate_size": 3072, "num_attention_heads": 12, "num_hidden_layers": 12,
 "vocab_size": 30000, "max_position_embeddings": 512, "type_vocab_size": 2}' >"$d/config.json"
"$VRAMPLAN" estimate --model "$d/config.json" --gpu a100-80gb --batch 1 --head masked-lm --method lora \
	--lora-targets all-linear --format json 2>/dev/null | grep -E '"params_(total|trainable)"'
"$VRAMPLAN" import "$d/config.json" | grep embedding_size
