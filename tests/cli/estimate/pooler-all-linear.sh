# PEFT's all-linear adapts every nn.Linear but the output embedding and,
# for SEQ_CLS, the classifier (peft tuners_utils.py
# _maybe_include_all_linear_layers): BertForSequenceClassification's
# bert.pooler.dense gets an adapter too. By hand at r 8: 12 layers x
# (4 x 8 x 1536 + 2 x 8 x 3840) = 1,327,104, the pooler's 8 x 1536 = 12,288,
# the classifier (modules_to_save) 768 x 2 + 2 = 1,538: 1,340,930. ALBERT's
# pooler is an nn.Linear itself: its shared layer 110,592, the
# embedding_hidden_mapping_in's 8 x (128 + 768) = 7,168, the pooler's
# 12,288, the classifier 1,538: 131,586. Until 2026-12-01 the pooler was
# left out (1,328,642 and 119,298). ModernBertForSequenceClassification's
# head (a ModernBertPredictionHead: dense nn.Linear(768, 768), GELU, norm)
# is no classifier either: 22 layers x 8 x ((768 + 2304) + (768 + 768) +
# (768 + 2304) + (1152 + 768)) (Wqkv, Wo, Wi, mlp.Wo) = 1,689,600,
# head.dense's 12,288, the classifier 1,538: 1,703,426 (until 2026-12-01
# 1,691,138).
for m in bert-base albert-base-v2 modernbert-base; do
	echo "$m: $("$VRAMPLAN" estimate --model $m --gpu a100-80gb --batch 1 --head sequence-classification \
		--method lora --lora-targets all-linear --format json | grep -m1 '"params_trainable"' | tr -dc 0-9)"
done
