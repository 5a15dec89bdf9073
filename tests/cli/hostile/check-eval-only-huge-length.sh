# A run that trains nothing with a length past what the estimator
# represents: the overflow is an input error (exit 2) at the length's own
# key, as a training step's is (check-huge-numbers.sh points at its batch
# key, the larger input). Until 2026-11-29 the evaluation's error went to
# the train batch's place, which a run without training and without a batch
# key defaults to the model's line (1:1).
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\nstage: sft\nfinetuning_type: lora\ndo_predict: true\neval_dataset: x\ntemplate: llama3\npredict_with_generate: true\ncutoff_len: 4294967296\n' |
	timeout 60 "$VRAMPLAN" check -q --gpu a10g -
echo "exit $?"
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\ndo_train: false\ndo_eval: true\nmax_seq_length: 4294967296\n' |
	timeout 60 "$VRAMPLAN" check -q --gpu a10g -
echo "exit $?"
# from the command line, the option names the place
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\ndo_train: false\ndo_eval: true\n' |
	timeout 60 "$VRAMPLAN" check -q --seq-len 4294967296 --gpu a10g -
echo "exit $?"
# the same file training: the length's key too
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\ndo_train: true\ndo_eval: true\nmax_seq_length: 4294967296\n' |
	timeout 60 "$VRAMPLAN" check -q --gpu a10g -
echo "exit $?"
