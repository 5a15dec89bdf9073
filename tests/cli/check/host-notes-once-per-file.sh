# The host RAM notes (the kept eval predictions, the persistent workers, the
# assumed evaluation) name no GPU: the host has one RAM whichever card a file
# is checked on, so each is said once a file, not once a GPU. Until
# 2026-11-29 a file checked on two GPUs printed each note twice.
cfg='model_name_or_path: meta-llama/Llama-3.2-1B
do_train: false
do_eval: true
per_device_eval_batch_size: 8
max_seq_length: 512
bf16: true
'
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
printf '%s' "$cfg" >"$d/a.yaml"
printf '%s' "$cfg" >"$d/b.yaml"
cd "$d" || exit 1
"$VRAMPLAN" check --gpu rtx4090 --gpu rtx3090 --gpu h100 --eval-samples 100000 --host-ram 8GB a.yaml b.yaml 2>&1 >/dev/null |
	grep "of the host RAM are"
# the result lines still say, for each GPU, that the host RAM does not fit
"$VRAMPLAN" check --gpu rtx4090 --gpu rtx3090 --gpu h100 --eval-samples 100000 --host-ram 8GB a.yaml 2>/dev/null |
	grep -c "DOES NOT FIT (.*host RAM)"
