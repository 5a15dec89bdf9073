# A config whose trainer keys are all under a section, the batch not among
# them (seed 003's base config: `training: {gradient_accumulation_steps: 8,
# gradient_checkpointing: true, ...}`): check reads the top level only, so it
# would report on TrainingArguments' defaults, which the section contradicts
# (until 2026-11-30 it printed DOES NOT FIT at 78.61 GiB without
# checkpointing, exit 1, beside a warning). An input error at the first key,
# with the merge that checks the section, as for a nested batch; the merged
# file is checked with the section's checkpointing. A command-line setting
# (--method) is not the file's own; a top-level trainer key is, and then the
# section is only an ignored key with its warning. A generation section holds
# another run's keys.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
printf 'training:\n  gradient_accumulation_steps: 8\n  fp16: false\n  bf16: false\n  gradient_checkpointing: true\n' >"$d/s3.yaml"
"$VRAMPLAN" check "$d/s3.yaml" --gpu rtx4090 --model llama-3.2-3b --method qlora -q 2>"$d/err"
echo "exit $?"
sed "s|$d|DIR|g" "$d/err"
yq_expr=$("$VRAMPLAN" check "$d/s3.yaml" --gpu rtx4090 --model llama-3.2-3b -q 2>&1 | sed -n "s/.*(yq '\([^']*\)'.*/\1/p")
echo "merge: $yq_expr"
printf 'gradient_accumulation_steps: 8\nfp16: false\nbf16: false\ngradient_checkpointing: true\n' |
	"$VRAMPLAN" check - --gpu rtx4090 --model llama-3.2-3b --method qlora -q
echo "exit $?"
printf 'per_device_train_batch_size: 2\ntraining:\n  gradient_checkpointing: true\n' |
	"$VRAMPLAN" check - --gpu rtx4090 --model llama-3.2-3b --method qlora 2>&1 | grep -E "FIT|ignored key"
printf 'per_device_train_batch_size: 2\ngeneration:\n  num_beams: 4\n' |
	"$VRAMPLAN" check - --gpu rtx4090 --model llama-3.2-3b --method qlora -q
echo "exit $?"
