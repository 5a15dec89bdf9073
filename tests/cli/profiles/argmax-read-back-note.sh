# --eval-predictions argmax is the script's preprocess_logits_for_metrics, a
# Trainer argument no TrainingArguments or TRL key says, so check of the
# printed keys alone assumes the logits kept (and warns that evaluation runs
# out of memory at the plan's eval batch). The plan now says how check reads
# it back: vramplan.eval_predictions: argmax (or --set), which gives the plan's
# evaluation and no warning. Until 2026-11-30 nothing said so. LLaMA-Factory
# has its key (compute_accuracy): no note there.
for p in hf trl llamafactory; do
	"$VRAMPLAN" --model qwen2.5-3b --gpu h100 --method lora --eval-predictions argmax --profile $p -q | grep -c "preprocess_logits_for_metrics"
done
{ printf 'model_name_or_path: Qwen/Qwen2.5-3B\nmax_length: 512\nuse_peft: true\nlora_r: 8\nlora_target_modules: [q_proj, v_proj]\neval_strategy: steps\n'
  "$VRAMPLAN" --model qwen2.5-3b --gpu h100 --method lora --eval-predictions argmax -q; } >"${TMPDIR:-/tmp}/vp-argmax-$$.yaml"
"$VRAMPLAN" check --gpu h100 "${TMPDIR:-/tmp}/vp-argmax-$$.yaml" 2>&1 | grep -cE "eval_accumulation_steps is not set"
"$VRAMPLAN" check --gpu h100 --set eval_predictions=argmax "${TMPDIR:-/tmp}/vp-argmax-$$.yaml" 2>&1 |
	grep -E "FIT|eval_accumulation_steps is not set" | sed 's|^[^ ]* h100|h100|'
rm -f "${TMPDIR:-/tmp}/vp-argmax-$$.yaml"
