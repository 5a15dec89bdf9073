# DeepSpeed without ZeRO in 16 bit runs BF16_Optimizer or FP16_Optimizer
# (fp32 master weights and states), which vramplan does not model: an
# input error at the stage key (exit 2), not a FITS built on 16-bit states.
# Stage 1, or fp32, is checked.
"$VRAMPLAN" check tests/data/check/ds-stage0-bf16.json
echo "exit $?"
sed 's/    stage: 2/    stage: 0/; s/gradient_accumulation_steps: 4/gradient_accumulation_steps: auto/' \
	tests/data/check/deepspeed-inline-mismatch.yaml >tests/data/check/.vp-inline-stage0.yaml
"$VRAMPLAN" check tests/data/check/.vp-inline-stage0.yaml
echo "exit $?"
rm -f tests/data/check/.vp-inline-stage0.yaml
sed 's/"stage": 0/"stage": 1/' tests/data/check/ds-stage0-bf16.json | "$VRAMPLAN" check -q - | grep -o 'a100-80gb: [A-Z ]*'
