# A generation past what the estimator takes is an error at the generation's
# key (generation_max_length, generation_num_beams), not at the train
# batch's. Until 2026-11-30 both errors below pointed at line 2,
# per_device_train_batch_size, which check says nothing wrong about.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
# past the position table: the generated length's line
printf 'model_name_or_path: gpt2\nper_device_train_batch_size: 1\nmax_seq_length: 10\npredict_with_generate: true\ngeneration_max_length: 4294967296\n' >len.yaml
"$VRAMPLAN" check -q len.yaml --gpu h100
# beams x length past the element counts: the larger's line
printf 'model_name_or_path: google/mt5-base\nper_device_train_batch_size: 1\npredict_with_generate: true\ngeneration_max_length: 2147483648\ngeneration_num_beams: 4294967296\n' >beams.yaml
"$VRAMPLAN" check -q beams.yaml --gpu h100
printf 'model_name_or_path: google/mt5-base\nper_device_train_batch_size: 1\npredict_with_generate: true\ngeneration_num_beams: 2147483648\ngeneration_max_length: 4294967296\n' >len2.yaml
"$VRAMPLAN" check -q len2.yaml --gpu h100
echo "exit $?"
