# bf16: true checked on a GPU without bf16 (V100): a warning at the key,
# beside the memory verdict: PyTorch 2.3 and later report bf16 supported
# there (emulated, pytorch/pytorch#115924), so the Trainer starts, slowly;
# until 2026-11-29 it said the Trainer refuses it, which only an older
# PyTorch does (the second run's warning)
"$VRAMPLAN" check --gpu v100 examples/configs/seed000-stage4.yaml
printf 'model_name_or_path: %s/tests/data/configs/t5-small.json\nbf16: true\n' "$PWD" |
	"$VRAMPLAN" check - --gpu t4 --torch-version 2.0.1 2>&1 | grep "no native bf16"
