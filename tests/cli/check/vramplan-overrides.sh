# The vramplan: block overrides what the trainer's keys say or cannot say:
# precision bf16 over bf16: true, QLoRA with nf4-dq, eager attention, and an
# evaluation that generates 64 tokens with 4 beams (its predictions are the
# generated ids and the labels: 16 x (64 + 128) x 8 bytes a step). The
# block's bf16 is the weights' dtype; the Trainer's bf16: true still runs its
# autocast over them (bf16 with autocast; until 2026-11-30 left assumed).
"$VRAMPLAN" check --format json tests/data/check/vramplan-overrides.yaml
