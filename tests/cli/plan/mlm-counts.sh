# An encoder's masked-LM class builds the encoder without its pooler and
# adds a transform (dense, LayerNorm) and the tied decoder's bias: the
# totals public loads print, BertForMaskedLM 109,514,298 (bert-base-uncased),
# RobertaForMaskedLM 124,697,433 (roberta-base) and DistilBertForMaskedLM
# 66,985,530 (the Hugging Face course's Keras summary of distilbert-base-uncased).
for m in bert-base-uncased roberta-base distilbert; do
	"$VRAMPLAN" estimate --model "$m" --gpu t4 --batch 8 --seq-len 128 --head masked-lm --format json |
		python3 -c 'import json,sys; e=json.load(sys.stdin)["estimate"]; print(sys.argv[1], e["params_total"], e["params_trainable"])' "$m"
done
