# Exit 1 is also a plan whose train batch 1 fits but whose evaluation at
# eval batch 1 does not, or whose host RAM is over --host-ram, as
# docs/planner.md says; --help said only "nothing fits, not even batch 1".
# Llama 3.1 8B QLoRA with Liger at 2048 tokens on a T4: train batch 1 fits,
# eval batch 1 (a forward whose logits compute_metrics keeps) does not.
"$VRAMPLAN" --model llama-3.1-8b --method qlora --grad-ckpt --seq-len 2048 --liger --gpu t4
echo "exit $?"
"$VRAMPLAN" --model xlm-roberta-large --gpu t4 --host-ram 2GB
echo "exit $?"
"$VRAMPLAN" --help | grep -A1 '^  1  '
