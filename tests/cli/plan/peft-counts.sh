# The parameters PEFT's print_trainable_parameters() shows for LoRA r=8 on
# PEFT's default targets of three encoder classifiers (2 labels), as public
# training logs print them: "trainable params: 296,450 || all params:
# 109,780,228" (bert-base-uncased), "887,042 || 125,534,212" (roberta-base,
# whose RobertaClassificationHead's dense trains and which has no pooler),
# "739,586 || 67,694,596" (distilbert-base-uncased, whose pre_classifier
# ends with "classifier" and so trains too). "all params" counts the
# ModulesToSaveWrapper copy of each trained head beside its original.
for m in bert-base-uncased roberta-base distilbert; do
	"$VRAMPLAN" estimate --model "$m" --gpu t4 --batch 8 --seq-len 128 --head sequence-classification \
		--num-labels 2 --method lora --lora-r 8 --lora-targets "$(case $m in distilbert) echo q_lin,v_lin;; *) echo query,value;; esac)" \
		--format json |
		python3 -c 'import json,sys; e=json.load(sys.stdin)["estimate"]; print(sys.argv[1], e["params_trainable"], e["params_total"])' "$m"
done
# And the two lines PEFT's own documentation made famous: bigscience/mt0-large
# (mT5-large's shape) seq2seq LoRA r=8 on q and v, "trainable params:
# 2,359,296 || all params: 1,231,940,608" (PEFT README), and Llama-2-7B
# causal LoRA r=8 on q_proj and v_proj, "4,194,304 || 6,742,609,920"; with
# GPT-2 on c_attn, "294,912 || 124,734,720" (PEFT's quicktour and many
# tutorials), and bloomz-560m on query_key_value, "786,432 || 560,001,024"
# (a DeepSpeed training log).
for m in mt5-large llama-2-7b gpt2 bloom-560m; do
	"$VRAMPLAN" estimate --model "$m" --gpu a100-80gb --batch 1 --seq-len 128 --method lora --lora-r 8 --format json |
		python3 -c 'import json,sys; e=json.load(sys.stdin)["estimate"]; print(sys.argv[1], e["params_trainable"], e["params_total"])' "$m"
done
