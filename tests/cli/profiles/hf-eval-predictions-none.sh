# --eval-predictions none plans the eval batch with the loss alone kept.
# The hf profile now prints TrainingArguments' prediction_loss_only: true,
# which keeps nothing else whatever compute_metrics the script passes and
# which check reads back as the same evaluation. Until 2026-11-30 the hf plan
# printed no key for it, and check of its own output assumed the logits kept:
# "evaluation runs out of memory at eval step 2" at the plan's eval batch.
# The default (logits) prints no such key.
"$VRAMPLAN" --model qwen2.5-3b --gpu h100 --method lora --eval-predictions none -q | grep -E "^# eval batch|^prediction_loss_only"
"$VRAMPLAN" --model qwen2.5-3b --gpu h100 --method lora -q | grep -c "^prediction_loss_only"
{ printf 'model_name_or_path: Qwen/Qwen2.5-3B\nmax_length: 512\nuse_peft: true\nlora_r: 8\nlora_target_modules: [q_proj, v_proj]\neval_strategy: steps\n'
  "$VRAMPLAN" --model qwen2.5-3b --gpu h100 --method lora --eval-predictions none -q; } |
	"$VRAMPLAN" check --gpu h100 - 2>&1 | grep -E "FIT|eval_accumulation_steps is not set"
