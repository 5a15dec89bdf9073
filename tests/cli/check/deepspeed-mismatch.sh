# A DeepSpeed file whose batch keys disagree with the trainer's: the HF
# Trainer raises before the first step (HfTrainerDeepSpeedConfig.fill_match),
# so check refuses it at the file's key (exit 2). The same files with 3 GPUs,
# where 48 = 8 x 2 x 3, check normally.
for f in deepspeed-mismatch deepspeed-total-mismatch deepspeed-total-gpus deepspeed-inline-mismatch; do
	"$VRAMPLAN" check tests/data/check/$f.yaml
	echo "exit $?"
done
sed 's/gpus: 2/gpus: 3/' tests/data/check/deepspeed-total-gpus.yaml >tests/data/check/.vp-gpus-3.yaml
"$VRAMPLAN" check -q tests/data/check/.vp-gpus-3.yaml
echo "exit $?"
rm -f tests/data/check/.vp-gpus-3.yaml
# the inline mapping with "auto" everywhere: nothing ignored, nothing refused
sed 's/gradient_accumulation_steps: 4/gradient_accumulation_steps: auto/' tests/data/check/deepspeed-inline-mismatch.yaml \
	>tests/data/check/.vp-inline-auto.yaml
"$VRAMPLAN" check tests/data/check/.vp-inline-auto.yaml >tests/data/check/.vp-out 2>&1
echo "exit $?"
grep -E "ignored|FIT" tests/data/check/.vp-out
rm -f tests/data/check/.vp-inline-auto.yaml tests/data/check/.vp-out
# vramplan.zero_stage states the stage, and the named file is still matched
sed 's/^  gpu: a100-80gb$/  gpu: a100-80gb\n  zero_stage: 2/' tests/data/check/deepspeed-mismatch.yaml >tests/data/check/.vp-stated.yaml
"$VRAMPLAN" check tests/data/check/.vp-stated.yaml 2>&1 | sed 's/ where .*//'
# an empty deepspeed: (or false) leaves DeepSpeed off, as `if self.deepspeed:` does
printf 'model_name_or_path: ../configs/t5-small.json\nbf16: true\ndeepspeed: ""\nvramplan:\n  gpu: a100-80gb\n' \
	>tests/data/check/.vp-stated.yaml
"$VRAMPLAN" check -q tests/data/check/.vp-stated.yaml | grep -o 'a100-80gb: [A-Z ]*'
rm -f tests/data/check/.vp-stated.yaml
# no GPU count stated: the file's train_batch_size 48 = 8 x 2 x 3 GPUs gives it
grep -v 'gpus: 2' tests/data/check/deepspeed-total-gpus.yaml >tests/data/check/.vp-world.yaml
"$VRAMPLAN" check tests/data/check/.vp-world.yaml 2>&1 | grep -E "GPUs: 3|FIT" | sed 's/: train batch.*//'
rm -f tests/data/check/.vp-world.yaml
# the inline mapping's train_batch_size gives it as well, in place of the
# one GPU its ZeRO stage first noted
sed -e 's/gradient_accumulation_steps: 4/gradient_accumulation_steps: auto/' -e 's/train_batch_size: auto/train_batch_size: 48/' \
	tests/data/check/deepspeed-inline-mismatch.yaml >tests/data/check/.vp-world.yaml
"$VRAMPLAN" check tests/data/check/.vp-world.yaml 2>&1 | grep -E "GPUs|FIT" | sed 's/: train batch.*//'
rm -f tests/data/check/.vp-world.yaml
