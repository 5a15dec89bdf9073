# DebertaV2ForQuestionAnswering's qa_outputs (start and end logits per
# token) estimated as a 2-label token classifier: its published count
"$VRAMPLAN" estimate --model tests/data/hfconfig/heads/deberta-v3-base-question-answering.json --gpu a100-80gb \
	--batch 4 --format json | grep -m1 '"params_total"'
