# A margin under half a hundredth of a GiB is given in MiB: BERT base at 128
# tokens on a T4 plans batch 187, 1.73 MiB under the 12.00 GiB budget, and
# batch 188 is 3.03 MiB over it. Before, the plan said batch 188 "needs
# 12.00 GiB" of a 12.00 GiB budget, and --explain, estimate and check said
# "0.00 GiB over the budget" (or headroom 0.00 GiB), which read as fitting.
"$VRAMPLAN" --model bert-base-uncased --gpu t4 --head sequence-classification --seq-len 128 --explain 2>&1 |
	grep -e '^# train batch' -e 'first that does not fit' -e '^train batch' -e '^headroom'
"$VRAMPLAN" estimate --model bert-base-uncased --gpu t4 --head sequence-classification --seq-len 128 --batch 188 2>/dev/null |
	grep '^# batch'
printf 'model_name_or_path: bert-base-uncased\nper_device_train_batch_size: 187\nper_device_eval_batch_size: 8\noptim: adamw_torch_fused\nfp16: true\nvramplan:\n  seq_len: 128\n  head: sequence-classification\n' |
	"$VRAMPLAN" check - --gpu t4 -q
# a margin of a hundredth or more keeps its GiB
"$VRAMPLAN" estimate --model bert-base-uncased --gpu t4 --head sequence-classification --seq-len 128 --batch 100 2>/dev/null |
	grep '^# batch'
