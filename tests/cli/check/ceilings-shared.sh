# A quantity has one ceiling whether a training config (check) or an option
# (plan, estimate, check) gives it (include/vramplan/train.h VP_MAX_*,
# model.h VP_MAX_LABELS): below it an answer, past it an input error. Until
# 2026-11-30 estimate refused --batch and --seq-len past 2^20 and --lora-r
# past 65536 that check took from a file up to 2^32; check refused
# max_eval_samples and vramplan.eval_samples past 2^32 that --eval-samples
# took up to 2^40; --cpus had 65536 (plan), 2^20 (check) and 2^32
# (vramplan.cpus); vramplan.num_labels had no ceiling where --num-labels and
# config.json's num_labels have 10^6.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
printf 'model_name_or_path: google/mt5-base\nper_device_train_batch_size: 1\n' >mt5.yaml
# a batch, length or rank: an answer up to 2^32 from either, refused past it
printf 'model_name_or_path: google/mt5-base\nper_device_train_batch_size: 2000000\n' >batch.yaml
"$VRAMPLAN" check -q batch.yaml --gpu rtx3090 | cut -c1-90
"$VRAMPLAN" estimate -q --model mt5-base --gpu rtx3090 --batch 2000000 | grep -o "^# batch 2000000: .*does not fit"
"$VRAMPLAN" estimate -q --model mt5-base --gpu rtx3090 --batch 1 --seq-len 2000000 | grep -o "^# batch 1: .*does not fit"
"$VRAMPLAN" estimate -q --model mt5-base --gpu rtx3090 --batch 1 --method lora --lora-r 100000 | grep -o "^# batch 1: .*does not fit"
"$VRAMPLAN" check -q mt5.yaml --gpu rtx3090 --seq-len 4294967297
"$VRAMPLAN" estimate -q --model mt5-base --gpu rtx3090 --batch 4294967297
# an evaluation set: up to 2^40 samples from the file as from --eval-samples
printf 'model_name_or_path: google/mt5-base\nper_device_train_batch_size: 1\nmax_eval_samples: 8589934592\neval_accumulation_steps: 1\n' >eval.yaml
"$VRAMPLAN" check -q eval.yaml --gpu rtx3090 --host-ram 60GB | grep -o "DOES NOT FIT (host RAM)"
"$VRAMPLAN" check -q eval.yaml --gpu rtx3090 --host-ram 60GB --eval-samples 8589934592 | grep -o "DOES NOT FIT (host RAM)"
"$VRAMPLAN" check -q mt5.yaml --gpu rtx3090 --set eval_samples=1099511627777
"$VRAMPLAN" check -q mt5.yaml --gpu rtx3090 --eval-samples 1099511627777
"$VRAMPLAN" check -q mt5.yaml --gpu rtx3090 --method lora --set replay_buffer=1099511627777
"$VRAMPLAN" plan -q --model mt5-base --gpu rtx3090 --method lora --replay-buffer 1099511627777
# a host's cores: 65536 everywhere
"$VRAMPLAN" check -q mt5.yaml --gpu rtx3090 --cpus 65536 | cut -c1-30
"$VRAMPLAN" check -q mt5.yaml --gpu rtx3090 --set cpus=65536 | cut -c1-30
"$VRAMPLAN" check -q mt5.yaml --gpu rtx3090 --cpus 65537
"$VRAMPLAN" check -q mt5.yaml --gpu rtx3090 --set cpus=65537
"$VRAMPLAN" plan -q --model mt5-base --gpu rtx3090 --cpus 65537
# a classifier's labels: 10^6, as config.json's num_labels
"$VRAMPLAN" check -q mt5.yaml --gpu rtx3090 --head sequence-classification --num-labels 1000001
"$VRAMPLAN" plan -q --model mt5-base --gpu rtx3090 --head sequence-classification --num-labels 1000001
# texts an example: 64
"$VRAMPLAN" check -q mt5.yaml --gpu rtx3090 --texts-per-example 65
"$VRAMPLAN" plan -q --model mt5-base --gpu rtx3090 --texts-per-example 65
echo "exit $?"
