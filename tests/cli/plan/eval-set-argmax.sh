# the same with preprocess_logits_for_metrics taking the argmax: token ids
# and labels, 16 bytes a token; every step stays on the GPU (no
# eval_accumulation_steps needed) and the host holds the eval workers
"$VRAMPLAN" --model mt5 --gpu rtx3090 --host-ram 60GiB --cpus 48 --eval-samples 4500 --eval-predictions argmax | grep -E "^# (eval|host)|eval_|workers"
