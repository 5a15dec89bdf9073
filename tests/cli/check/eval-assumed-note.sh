# A config that states neither eval_strategy nor do_eval is checked as if
# evaluation ran mid-epoch (docs/check.md), though TrainingArguments'
# default "no" evaluates nothing. Where that assumed evaluation is what
# fails, a note says so once a file (not once a GPU), as the host RAM's
# note does. Until 2026-11-30 a ZeRO-3 72B config without eval keys failed
# "(train, eval)" with no word that the eval was vramplan's assumption.
# With eval_strategy stated: no note.
for ev in "" 'eval_strategy: "no"\n' 'eval_strategy: steps\n'; do
	printf "model_name_or_path: Qwen/Qwen2.5-7B\nper_device_train_batch_size: 1\nper_device_eval_batch_size: 64\nbf16: true\nmax_seq_length: 4096\ngradient_checkpointing: true\nuse_peft: true\n$ev" |
		"$VRAMPLAN" check --gpu h100 --gpu a100-80gb - 2>&1 | grep -E "FIT|no eval_strategy"
done
