# A sequence longer than BERT's 512 learned positions cannot run (the
# position embedding is indexed past its table): an input error, not an
# estimate; in a training config the error points at the length's key
"$VRAMPLAN" estimate --model bert-large-uncased --gpu rtx3090 --batch 8 --seq-len 1024
printf 'model_name_or_path: google-bert/bert-large-uncased\nmax_seq_length: 1024\nper_device_train_batch_size: 8\n' |
	"$VRAMPLAN" check -q --gpu rtx3090 -
"$VRAMPLAN" --model gpt2 --gpu rtx3090 --seq-len 1000 --generate --max-new-tokens 100
