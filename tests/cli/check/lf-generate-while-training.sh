# LLaMA-Factory 0.8.3 and later train with predict_with_generate (0.8.2 and
# earlier refused it: "`predict_with_generate` cannot be set as True while
# training.", hparams/parser.py; the current parser has no such check).
# Until 2026-11-29 check refused such a file (exit 2). The Trainer's
# evaluations inside training call evaluate() without the workflow's
# gen_kwargs, and Seq2SeqTrainer.evaluate generates with
# generation_max_length as the whole length (parser.py: cutoff_len where
# unset) and generation_num_beams (eval_num_beams over it), while the
# evaluation after training (do_eval, which eval_strategy sets) generates
# max_new_tokens past the prompt with num_beams. Check checks the larger KV
# cache, beams x tokens, so each pair below is the same generation, once
# inside and once after training: a cutoff_len (512) prompt and 1536 new
# tokens, or 4 beams of one new token.
cfg='model_name_or_path: meta-llama/Llama-3.2-1B
stage: sft
do_train: true
finetuning_type: lora
cutoff_len: 512
val_size: 0.1
eval_strategy: steps
predict_with_generate: true
per_device_train_batch_size: 4
per_device_eval_batch_size: 8
bf16: true
'
eval_peak() {
	printf '%s%b\n' "$cfg" "$1" | "$VRAMPLAN" check --gpu a10g --format json - 2>/dev/null | tr -d '\t' |
		sed -n '/"eval":/,/}/p' | sed -n 's/^"peak_bytes":\([0-9]*\),$/\1/p'
}
printf '%s' "$cfg" | "$VRAMPLAN" check --gpu a10g - 2>&1 | grep -E "FITS|predict_with_generate"
printf '%s' "$cfg" | "$VRAMPLAN" check --gpu a10g - >/dev/null 2>&1
echo "exit $?"
a=$(eval_peak 'generation_max_length: 2048')
b=$(eval_peak 'max_new_tokens: 1536')
[ -n "$a" ] && [ "$a" = "$b" ] && echo "generation_max_length 2048 inside training = max_new_tokens 1536 after it"
a=$(eval_peak 'generation_num_beams: 4')
b=$(eval_peak 'num_beams: 4\nmax_new_tokens: 1')
[ -n "$a" ] && [ "$a" = "$b" ] && echo "generation_num_beams 4 inside training = num_beams 4 of 1 new token after it"
# eval_num_beams wins over generation_num_beams (parser.py), and 2 beams of
# 513 tokens cache less than one of 512 + 1024 (max_new_tokens' default)
a=$(eval_peak 'generation_num_beams: 4\neval_num_beams: 2')
b=$(eval_peak '')
[ -n "$a" ] && [ "$a" = "$b" ] && echo "eval_num_beams 2 over generation_num_beams 4: the evaluation after training is larger"
printf '%sgeneration_num_beams: 4\neval_num_beams: 2\n' "$cfg" | "$VRAMPLAN" check --gpu a10g - 2>&1 >/dev/null |
	grep "generation_num_beams'"
# without an evaluation inside training (eval_strategy: no, do_eval: the one
# after training alone) generation_max_length is unused
printf '%s' "$cfg" | sed 's/^eval_strategy: steps/eval_strategy: "no"\ndo_eval: true/' |
	sed '$a generation_max_length: 4096' | "$VRAMPLAN" check --gpu a10g - 2>&1 >/dev/null | grep "generation_max_length'"
