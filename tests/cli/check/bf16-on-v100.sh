# bf16: true checked on a GPU without bf16 (V100): a warning that the HF
# Trainer refuses it, beside the memory verdict
"$VRAMPLAN" check --gpu v100 examples/configs/seed000-stage4.yaml
